// UIKit's color declarations AppFlow uses. Declarations only; see ../README.md.

/// https://developer.apple.com/documentation/uikit/uicolor
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, *)
open class UIColor: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/uicolor/systembackground
    /// (iOS, iPadOS, Mac Catalyst, visionOS; not tvOS, not watchOS).
    @available(iOS 13.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var systemBackground: UIColor { UIColor() }
    /// https://developer.apple.com/documentation/uikit/uicolor/black
    open class var black: UIColor { UIColor() }
    /// https://developer.apple.com/documentation/uikit/uicolor/white
    open class var white: UIColor { UIColor() }
}
