#if os(Linux)
/// Mirrors UIKit's `UIColor`, with the one system color the glue uses.
public final class UIColor: Sendable, Equatable {
    /// The color's name. Not in UIKit.
    public let name: String

    private init(name: String) {
        self.name = name
    }

    /// Mirrors `UIColor.systemBackground`.
    public static let systemBackground = UIColor(name: "systemBackground")

    /// The same color: here, the same name.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        lhs.name == rhs.name
    }
}
#endif
