import AppFlow
import Testing

@testable import AppFlowUIKit

/// `ChildSwitchPlan`, the UIKit shell's decisions, as complete tables: every input (8
/// animation kinds × 5 curves × leaving a session or not × presenting or not × Reduce
/// Motion or not × right to left or not × covering the session or not × a child kept
/// under a cover or not × returning to it or not, 5,120 in all) is checked against the
/// literal tables below and against the invariants.
///
/// Each field of a plan depends on part of the input only; the tables name that part:
/// what happens to the kept child on (covers, has a kept child, returns to it), the
/// placement on covers, the dismissal and the hiding on (presents, leaves the session,
/// immediate, keeps the outgoing child under a cover), the motion on (kind, Reduce Motion,
/// right to left, restores the kept child), the curve on the curve's name.
@Suite struct ChildSwitchPlanTests {
    typealias Plan = ChildSwitchPlan

    static let kinds: [TransitionAnimation.Kind] = [
        .immediate, .fade, .crossDissolve, .slide(.leading), .slide(.trailing), .slide(.top), .slide(.bottom),
        .custom("zoom"),
    ]
    static let curves: [AnimationCurve.BuiltIn?] = [.linear, .easeIn, .easeOut, .easeInOut, nil]

    /// (covers the session, has a kept child, returns to it) → what happens to the kept
    /// child. Returning to a kept child without one cannot happen; it changes nothing.
    static let coveredChanges: [[Bool]: Plan.Covered] = [
        [false, false, false]: .unchanged,
        [false, false, true]: .unchanged,
        [false, true, false]: .release,
        [false, true, true]: .restore,
        [true, false, false]: .keepOutgoing,
        [true, false, true]: .keepOutgoing,
        [true, true, false]: .unchanged,
        [true, true, true]: .unchanged,
    ]

    /// (presents, leaves the session, immediate) → (dismissal, hides the outgoing child),
    /// when the outgoing child is not kept under a cover; kept, nothing is dismissed or
    /// hidden.
    static let dismissals: [[Bool]: (Plan.Dismissal, Bool)] = [
        [false, false, false]: (.none, false),
        [false, false, true]: (.none, false),
        [false, true, false]: (.none, true),
        [false, true, true]: (.none, true),
        [true, false, false]: (.animated, false),
        [true, false, true]: (.immediate, false),
        [true, true, false]: (.immediate, true),
        [true, true, true]: (.immediate, true),
    ]

    /// The motion of `kind` (index in ``kinds``) without Reduce Motion, left to right and
    /// right to left, then with Reduce Motion, left to right and right to left.
    static let motions: [[Plan.Motion]] = [
        [.none, .none, .none, .none],  // immediate
        [.fadeIn, .fadeIn, .fadeIn, .fadeIn],  // fade
        [.crossDissolve, .crossDissolve, .crossDissolve, .crossDissolve],  // crossDissolve
        [.slide(dx: -1, dy: 0), .slide(dx: 1, dy: 0), .crossDissolve, .crossDissolve],  // slide leading
        [.slide(dx: 1, dy: 0), .slide(dx: -1, dy: 0), .crossDissolve, .crossDissolve],  // slide trailing
        [.slide(dx: 0, dy: -1), .slide(dx: 0, dy: -1), .crossDissolve, .crossDissolve],  // slide top
        [.slide(dx: 0, dy: 1), .slide(dx: 0, dy: 1), .crossDissolve, .crossDissolve],  // slide bottom
        [.none, .none, .none, .none],  // custom
    ]

    /// The UIKit curve of each of ``curves``: a custom curve runs as ease-in-out.
    static let uikitCurves: [AnimationCurve.BuiltIn] = [.linear, .easeIn, .easeOut, .easeInOut, .easeInOut]

    /// Every input.
    static var inputs: [Plan.Input] {
        var inputs: [Plan.Input] = []
        for kind in kinds {
            for curve in curves {
                for bits in 0..<128 {
                    inputs.append(
                        Plan.Input(
                            kind: kind,
                            curve: curve,
                            leavesSession: bits & 1 != 0,
                            outgoingPresents: bits & 2 != 0,
                            reduceMotion: bits & 4 != 0,
                            rightToLeft: bits & 8 != 0,
                            coversSession: bits & 16 != 0,
                            hasCovered: bits & 32 != 0,
                            returnsToCovered: bits & 64 != 0
                        )
                    )
                }
            }
        }
        return inputs
    }

    /// The invariants every plan keeps.
    static func invariantViolations(_ plan: Plan, for input: Plan.Input) -> [String] {
        var violations: [String] = []
        let kept = plan.covered == .keepOutgoing
        // 1. Something presented is always dismissed, and nothing is dismissed otherwise,
        //    unless the outgoing child stays under a cover.
        if !kept, (plan.dismissal == .none) == input.outgoingPresents {
            violations.append("1: dismissal \(plan.dismissal)")
        }
        // 2. Leaving a session, nothing of it shows once the transition begins: the outgoing
        //    child is hidden and its presented controllers leave without animation.
        if input.leavesSession, !kept, !plan.hidesOutgoing || plan.dismissal == .animated {
            violations.append("2: session content left on screen")
        }
        // 3. Only leaving a session hides the outgoing child.
        if plan.hidesOutgoing != (input.leavesSession && !kept) { violations.append("3: hides \(plan.hidesOutgoing)") }
        // 7. A cover destroys nothing: the child it keeps is neither hidden nor stripped of
        //    what it presents, and the cover goes above everything in the window.
        if kept, plan.dismissal != .none || plan.hidesOutgoing || plan.motion == .crossDissolve {
            violations.append("7: a cover destroys")
        }
        if (plan.placement == .overWindow) != input.coversSession { violations.append("8: placement") }
        // 9. A kept child is released only when the session under the cover ends: something
        //    other than it and other than a cover comes in.
        if plan.covered == .release, !input.hasCovered || input.coversSession || input.returnsToCovered {
            violations.append("9: releases the kept child")
        }
        // 4. With Reduce Motion nothing slides.
        if input.reduceMotion, case .slide = plan.motion { violations.append("4: slides with Reduce Motion") }
        // 5. A slide comes from exactly one edge, one width or one height away.
        if case .slide(let dx, let dy) = plan.motion, abs(dx) + abs(dy) != 1 || dx * dy != 0 {
            violations.append("5: slide offset (\(dx), \(dy))")
        }
        // 6. UIKit animates nothing for an immediate or a custom animation.
        if input.kind == .immediate || input.kind == .custom("zoom"), plan.motion != .none {
            violations.append("6: motion \(plan.motion) for \(input.kind)")
        }
        return violations
    }

    @Test func everyInputMatchesTheTablesAndKeepsTheInvariants() {
        let inputs = Self.inputs
        #expect(inputs.count == 5120)
        for input in inputs {
            let plan = Plan(input)
            let kindIndex = Self.kinds.firstIndex(of: input.kind)!
            let covered = Self.coveredChanges[[input.coversSession, input.hasCovered, input.returnsToCovered]]!
            var (dismissal, hides) = Self.dismissals[
                [input.outgoingPresents, input.leavesSession, input.kind == .immediate]
            ]!
            if covered == .keepOutgoing { (dismissal, hides) = (.none, false) }
            var motion = Self.motions[kindIndex][(input.reduceMotion ? 2 : 0) + (input.rightToLeft ? 1 : 0)]
            // Back to the kept child, which is in place, the cover fades away from it; the
            // kept child itself never fades out.
            if covered == .restore, motion != .none { motion = .fadeOut }
            if covered == .keepOutgoing, motion == .crossDissolve { motion = .fadeIn }
            let curve = Self.uikitCurves[Self.curves.firstIndex(of: input.curve)!]
            let expected = Plan(
                dismissal: dismissal,
                hidesOutgoing: hides,
                motion: motion,
                curve: curve,
                covered: covered,
                placement: input.coversSession ? .overWindow : .inHost
            )
            #expect(plan == expected, "\(input)")
            let violations = Self.invariantViolations(plan, for: input)
            #expect(violations.isEmpty, "\(input): \(violations)")
        }
    }

    @Test func aCustomCurveIsNoBuiltInCurveWhateverItsName() {
        for curve in AnimationCurve.BuiltIn.allCases {
            #expect(AnimationCurve.custom(name: "\(curve)") { $0 }.builtIn == nil)
        }
        #expect(
            [AnimationCurve.linear, .easeIn, .easeOut, .easeInOut].map(\.builtIn) == [
                .linear, .easeIn, .easeOut, .easeInOut,
            ]
        )
    }
}
