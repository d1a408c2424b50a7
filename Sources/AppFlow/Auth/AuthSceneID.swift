/// The identity of an ``AuthScene``: a window's presenter of an ``AuthFlow``.
///
/// Scenes are numbered from 1 in the order they are attached, and a number is never
/// reused: the provider can tell its windows apart, and a child built for a scene that
/// has gone is never mistaken for one of a newer scene.
public struct AuthSceneID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The scene's number.
    public let rawValue: UInt64

    /// A scene id; ``AuthFlow`` gives them out, tests may make them.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Whether `lhs` was attached before `rhs`.
    public static func < (lhs: AuthSceneID, rhs: AuthSceneID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// "scene" and the number.
    public var description: String { "scene \(rawValue)" }
}
