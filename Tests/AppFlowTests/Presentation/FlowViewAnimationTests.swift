import AppFlow
import Testing

/// `FlowViewAnimation`, the SwiftUI view's decisions for a `TransitionAnimation`, as a
/// complete table: every kind (each slide edge, a custom animation with and without a
/// duration) × Reduce Motion off and on × every curve.
@Suite struct FlowViewAnimationTests {
    typealias Effect = FlowViewAnimation.Effect

    struct Row {
        let animation: TransitionAnimation
        /// (insertion, removal) without and with Reduce Motion.
        let effects: [(Effect, Effect)]
        let duration: Duration?
        let delay: Duration
    }

    static let rows: [Row] = [
        Row(
            animation: .immediate,
            effects: [(.identity, .identity), (.identity, .identity)],
            duration: nil,
            delay: .zero
        ),
        Row(
            animation: .fade(duration: .milliseconds(200)),
            effects: [(.opacity, .identity), (.opacity, .identity)],
            duration: .milliseconds(200),
            delay: .zero
        ),
        Row(
            animation: .fade(duration: .zero),
            effects: [(.opacity, .identity), (.opacity, .identity)],
            duration: nil,
            delay: .zero
        ),
        Row(
            animation: .crossDissolve(duration: .milliseconds(250), delay: .milliseconds(50)),
            effects: [(.opacity, .opacity), (.opacity, .opacity)],
            duration: .milliseconds(250),
            delay: .milliseconds(50)
        ),
        Row(
            animation: .slide(from: .leading, duration: .milliseconds(300)),
            effects: [(.move(.leading), .identity), (.opacity, .opacity)],
            duration: .milliseconds(300),
            delay: .zero
        ),
        Row(
            animation: .slide(from: .trailing, duration: .milliseconds(300)),
            effects: [(.move(.trailing), .identity), (.opacity, .opacity)],
            duration: .milliseconds(300),
            delay: .zero
        ),
        Row(
            animation: .slide(from: .top, duration: .milliseconds(300)),
            effects: [(.move(.top), .identity), (.opacity, .opacity)],
            duration: .milliseconds(300),
            delay: .zero
        ),
        Row(
            animation: .slide(from: .bottom, duration: .milliseconds(300)),
            effects: [(.move(.bottom), .identity), (.opacity, .opacity)],
            duration: .milliseconds(300),
            delay: .zero
        ),
        Row(
            animation: .custom(name: "zoom", duration: .milliseconds(400)) { (_: Int, _: Int, _) in },
            effects: [(.opacity, .opacity), (.opacity, .opacity)],
            duration: .milliseconds(400),
            delay: .zero
        ),
        Row(
            animation: .custom(name: "open-ended", duration: nil) { (_: Int, _: Int, _) in },
            effects: [(.opacity, .opacity), (.opacity, .opacity)],
            duration: FlowViewAnimation.customFallbackDuration,
            delay: .zero
        ),
    ]

    @Test func everyAnimationMapsToItsRowWithAndWithoutReduceMotion() {
        for row in Self.rows {
            for (index, reduceMotion) in [false, true].enumerated() {
                let mapped = FlowViewAnimation(row.animation, reduceMotion: reduceMotion)
                #expect(mapped.insertion == row.effects[index].0, "\(row.animation), reduce motion \(reduceMotion)")
                #expect(mapped.removal == row.effects[index].1, "\(row.animation), reduce motion \(reduceMotion)")
                #expect(mapped.duration == row.duration, "\(row.animation)")
                #expect(mapped.delay == row.delay, "\(row.animation)")
                // With Reduce Motion nothing moves.
                if reduceMotion, case .move = mapped.insertion {
                    Issue.record("moves with Reduce Motion: \(row.animation)")
                }
            }
        }
    }

    @Test func builtInCurvesAreKeptAndACustomCurveRunsAsEaseInOut() {
        for curve in AnimationCurve.BuiltIn.allCases {
            let named = [AnimationCurve.linear, .easeIn, .easeOut, .easeInOut].first { $0.builtIn == curve }!
            #expect(FlowViewAnimation(.fade(curve: named), reduceMotion: false).curve == curve)
        }
        let custom = AnimationCurve.custom(name: "linear") { $0 * $0 * $0 }
        #expect(FlowViewAnimation(.slide(curve: custom), reduceMotion: false).curve == .easeInOut)
    }
}
