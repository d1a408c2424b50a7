import AppFlow

#if canImport(SwiftUI)
import SwiftUI

/// A SwiftUI view showing a ``FlowViewModel``'s child, animating each switch with
/// SwiftUI and reporting to the model when the animation completed, so that the
/// container's transition ends with it.
///
/// It maps the model's values to SwiftUI and decides nothing itself: the child's
/// `.id` is the frame's ``FlowViewIdentity`` (and its `zIndex`, so that the newer child is
/// in front), its `.transition` and the `withAnimation`
/// animation come from ``FlowViewFrame/viewAnimation(reduceMotion:)`` with the
/// environment's Reduce Motion, and `withAnimation`'s completion calls
/// ``FlowViewModel/viewCompleted(_:)``. Apple platforms only, in the `AppFlowSwiftUI`
/// product, so that an app of UIKit alone links no SwiftUI. The model's tests cover every
/// decision on every platform; the Apple type-check compiles this file against
/// transcribed SwiftUI declarations for each platform, and only the macOS workflow against
/// SwiftUI itself (ApplePlatforms.md in AppFlow's documentation).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public struct FlowView<Child: Sendable, Content: View>: View {
    private let model: FlowViewModel<Child>
    private let content: (Child) -> Content
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    /// The frame on screen: it follows the model's inside `withAnimation`.
    @State private var shown: FlowViewFrame<Child>?

    /// A view of `model`'s child, drawn by `content`.
    public init(_ model: FlowViewModel<Child>, @ViewBuilder content: @escaping (Child) -> Content) {
        self.model = model
        self.content = content
    }

    /// The child, with the identity and transition of its frame.
    public var body: some View {
        let frame = shown ?? model.frame
        let animation = frame.viewAnimation(reduceMotion: reduceMotion)
        ZStack {
            content(frame.child)
                .id(frame.identity)
                .zIndex(Double(frame.identity.rawValue))
                .transition(
                    .asymmetric(insertion: animation.insertion.anyTransition, removal: animation.removal.anyTransition)
                )
        }
        .onAppear {
            // From here on the frame shown changes only inside `withAnimation`.
            if shown == nil { shown = model.frame }
            model.viewAppeared()
        }
        .onDisappear { model.viewDisappeared() }
        .onChange(of: model.frame.identity) {
            let target = model.frame
            withAnimation(target.viewAnimation(reduceMotion: reduceMotion).swiftUIAnimation) {
                shown = target
            } completion: {
                model.viewCompleted(target.identity)
            }
        }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension FlowViewAnimation {
    /// SwiftUI's animation of this value; `nil` when the switch is not animated.
    fileprivate var swiftUIAnimation: Animation? {
        guard let duration else { return nil }
        let seconds = Self.seconds(duration)
        let timed: Animation
        switch curve {
        case .linear: timed = .linear(duration: seconds)
        case .easeIn: timed = .easeIn(duration: seconds)
        case .easeOut: timed = .easeOut(duration: seconds)
        case .easeInOut: timed = .easeInOut(duration: seconds)
        }
        return timed.delay(Self.seconds(delay))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension FlowViewAnimation.Effect {
    /// SwiftUI's transition of this effect.
    fileprivate var anyTransition: AnyTransition {
        switch self {
        case .identity: return .identity
        case .opacity: return .opacity
        case .move(.leading): return .move(edge: .leading)
        case .move(.trailing): return .move(edge: .trailing)
        case .move(.top): return .move(edge: .top)
        case .move(.bottom): return .move(edge: .bottom)
        }
    }
}
#endif
