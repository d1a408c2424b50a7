#if os(Linux)
// UIKit re-exports Foundation: `import UIKit` alone gives a client `NSObject`,
// `NotificationCenter`, `CGRect` and `TimeInterval`. The stand-in does the same, so that
// AppFlowUIKit imports one module on every platform.
@_exported import Foundation
#endif
