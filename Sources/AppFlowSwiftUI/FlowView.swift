import AppFlow

#if canImport(SwiftUI)
import SwiftUI

/// A SwiftUI view showing a ``FlowViewModel``'s child, animating each switch with
/// SwiftUI and reporting to the model when the animation completed, so that the
/// container's transition ends with it.
///
/// It animates by construction: during a switch it draws both children, each with the
/// opacity and offset the model computes (``FlowViewModel/layers(reduceMotion:)``), the
/// incoming one in front. When a frame arrives it is drawn at its start values; the view
/// then calls ``FlowViewModel/viewAnimating(_:)`` inside `withAnimation`, which moves
/// every layer to its end values, and `withAnimation`'s completion calls
/// ``FlowViewModel/viewCompleted(_:)``. Nothing rests on SwiftUI's removal transitions: the
/// outgoing child stays until the model drops it, so the background does not show through
/// a fade or a slide.
/// Each child keeps its layer's ``FlowViewLayer/id`` as its identity, so a new session's
/// views start with fresh state, while a session's view that a privacy cover or a
/// cover-style lock kept (``FlowCovering``) stays alive under the cover, transparent, and
/// comes back as the same view, with its state and the sheets it presents. Only the child
/// in front takes touches and is seen by VoiceOver. A view that disappears (a tab switch) and comes back draws the model's
/// layers as they are then: the current child.
///
/// Apple platforms only, in the `AppFlowSwiftUI` product, so that an app of UIKit alone
/// links no SwiftUI. The model's tests cover every value on every platform; the Apple
/// type-check compiles this file against transcribed SwiftUI declarations for each
/// platform, and only the macOS workflow against SwiftUI itself (ApplePlatforms.md in
/// AppFlow's documentation).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public struct FlowView<Child: Sendable, Content: View>: View {
    private let model: FlowViewModel<Child>
    private let content: (Child) -> Content
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    /// A view of `model`'s child, drawn by `content`.
    public init(_ model: FlowViewModel<Child>, @ViewBuilder content: @escaping (Child) -> Content) {
        self.model = model
        self.content = content
    }

    /// The layers of the switch on screen, back to front, each at its values.
    public var body: some View {
        GeometryReader { proxy in
            ZStack {
                ForEach(model.layers(reduceMotion: reduceMotion)) { layer in
                    content(layer.frame.child)
                        .opacity(layer.opacity)
                        // SwiftUI mirrors x in a right-to-left layout, so trailing stays trailing.
                        .offset(
                            x: CGFloat(layer.offsetX) * proxy.size.width,
                            y: CGFloat(layer.offsetY) * proxy.size.height
                        )
                        // Back to front by frame: a child shown again keeps an older view identity.
                        .zIndex(Double(layer.frame.identity.rawValue))
                        // Layers come and go at once: the values above are the animation.
                        .transition(.identity)
                        .allowsHitTesting(layer.isFront)
                        .accessibilityHidden(!layer.isFront)
                }
            }
        }
        .onAppear { model.viewAppeared() }
        .onDisappear { model.viewDisappeared() }
        .onChange(of: model.frame.identity) {
            let target = model.frame
            withAnimation(target.viewAnimation(reduceMotion: reduceMotion).swiftUIAnimation) {
                model.viewAnimating(target.identity)
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

#endif
