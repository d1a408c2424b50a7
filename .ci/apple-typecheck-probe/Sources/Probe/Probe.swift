// Each use below is wrong on some platform, as Xcode says; .ci/apple-typecheck expects
// exactly these diagnostics, per platform, from the stand-ins in .ci/apple-stand-ins.

#if canImport(UIKit) && !os(watchOS)
import UIKit

/// tvOS: 'systemBackground' is unavailable in tvOS (the defect of FlowHostViewController).
@MainActor
func shieldColor() -> UIColor { .systemBackground }
#endif

#if canImport(SwiftUI)
import SwiftUI

/// Every platform at the package's minimums: the completion form needs iOS 17, macOS 14,
/// tvOS 17, watchOS 10.
@MainActor
func animate() {
    withAnimation(.default) {} completion: {}
}
#endif
