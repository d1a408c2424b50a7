import AppFlowTesting
import Testing

@testable import AppFlow

/// `FlowViewStateMachine`: when a transition shown by a SwiftUI view may end. Each rule
/// as a row, then a seeded random walk over every input, with the invariants checked
/// after every step.
@Suite struct FlowViewStateMachineTests {
    typealias Machine = FlowViewStateMachine<String>
    static let fade = TransitionAnimation.fade(duration: .milliseconds(200))
    static let margin = Duration.seconds(1)

    /// A machine with one view, showing `b` after transition 1 with `animation`.
    func showing(_ animation: TransitionAnimation = fade, views: Int = 1) -> Machine {
        var machine = Machine(initial: "a")
        _ = machine.viewsChanged(by: views)
        machine.mounted(TransitionID(rawValue: 1), to: "b", animation: animation)
        return machine
    }

    let one = TransitionID(rawValue: 1)

    @Test func anAnimatedTransitionWaitsForTheViewForAtMostItsLengthAndTheMargin() {
        var machine = showing()
        #expect(machine.unmounting(one, interrupted: false, margin: Self.margin) == .wait(limit: .milliseconds(1200)))
        #expect(machine.viewCompleted(machine.frame.identity) == .end(one))
        #expect(machine.invariantViolations().isEmpty)
        // The limit after the end does nothing.
        #expect(machine.limitReached(one) == .none)
    }

    @Test func theLimitEndsAWaitTheViewNeverEnded() {
        var machine = showing(.crossDissolve(duration: .milliseconds(250), delay: .milliseconds(50)))
        #expect(machine.unmounting(one, interrupted: false, margin: Self.margin) == .wait(limit: .milliseconds(1300)))
        #expect(machine.limitReached(one) == .end(one))
        #expect(machine.viewCompleted(machine.frame.identity) == .none)
    }

    @Test func aCompletionReportedBeforeTheUnmountEndsItAtOnce() {
        var machine = showing()
        #expect(machine.viewCompleted(machine.frame.identity) == .none)
        #expect(machine.unmounting(one, interrupted: false, margin: Self.margin) == .endNow)
    }

    @Test func aCutShortTransitionAnUnanimatedOneOrOneNoViewShowsEndsAtOnce() {
        var cutShort = showing()
        #expect(cutShort.unmounting(one, interrupted: true, margin: Self.margin) == .endNow)
        var immediate = showing(.immediate)
        #expect(immediate.unmounting(one, interrupted: false, margin: Self.margin) == .endNow)
        var zero = showing(.fade(duration: .zero))
        #expect(zero.unmounting(one, interrupted: false, margin: Self.margin) == .endNow)
        var unseen = showing(views: 0)
        #expect(unseen.unmounting(one, interrupted: false, margin: Self.margin) == .endNow)
    }

    @Test func theLastViewGoingEndsAWaitAndACompletionOfAnOlderFrameDoesNothing() {
        var machine = showing()
        let older = machine.frame.identity
        #expect(machine.viewCompleted(older) == .none)
        #expect(machine.unmounting(one, interrupted: false, margin: Self.margin) == .endNow)
        machine.mounted(TransitionID(rawValue: 2), to: "c", animation: Self.fade)
        #expect(machine.viewCompleted(older) == .none)
        #expect(machine.unmounting(TransitionID(rawValue: 2), interrupted: false, margin: Self.margin) != .endNow)
        #expect(machine.viewsChanged(by: -1) == .end(TransitionID(rawValue: 2)))
        #expect(machine.invariantViolations().isEmpty)
    }

    @Test func aViewThatAppearsAfterTheMountDrawsTheFrameAsItIsAndTheUnmountEndsAtOnce() {
        var machine = showing(views: 0)
        #expect(machine.viewsChanged(by: 1) == .none)
        #expect(machine.unmounting(one, interrupted: false, margin: Self.margin) == .endNow)
        #expect(machine.invariantViolations().isEmpty)
    }

    @Test func everyMountGivesANewGreaterIdentityEvenToAChildShownBefore() {
        var machine = Machine(initial: "a")
        var identities = [machine.frame.identity]
        for (index, child) in ["b", "a", "b", "b"].enumerated() {
            machine.mounted(TransitionID(rawValue: UInt64(index + 1)), to: child, animation: .immediate)
            identities.append(machine.frame.identity)
        }
        #expect(identities.map(\.rawValue) == [0, 1, 2, 3, 4])
    }

    /// The walk follows the container's contract (`FlowStage`): a transition is mounted,
    /// then unmounted once, and the next one is mounted only once that unmount returned;
    /// the view's reports, the limits and the views come and go at any time.
    @Test func aRandomWalkOverEveryInputKeepsTheInvariants() {
        var generator = SeededGenerator(seed: 2611)
        let animations: [TransitionAnimation] = [.immediate, Self.fade, .slide(), .fade(duration: .zero)]
        var waits = 0
        for _ in 0..<200 {
            var machine = Machine(initial: "a")
            var next: UInt64 = 1
            var mounted = false
            var lastIdentity = machine.frame.identity.rawValue
            for _ in 0..<40 {
                let current = machine.frame.transition ?? TransitionID(rawValue: 0)
                switch Int.random(in: 0..<6, using: &generator) {
                case 0 where !mounted && machine.waiting == nil:
                    let animation = animations.randomElement(using: &generator)!
                    machine.mounted(TransitionID(rawValue: next), to: "c\(next)", animation: animation)
                    next += 1
                    mounted = true
                case 1 where mounted:
                    mounted = false
                    if case .wait = machine.unmounting(
                        current,
                        interrupted: Bool.random(using: &generator),
                        margin: Self.margin
                    ) {
                        waits += 1
                    }
                case 2:
                    let identity = FlowViewIdentity(rawValue: UInt64.random(in: 0...lastIdentity, using: &generator))
                    _ = machine.viewCompleted(identity)
                case 3:
                    _ = machine.limitReached(current)
                case 4:
                    _ = machine.viewsChanged(by: 1)
                case 5:
                    _ = machine.viewsChanged(by: -1)
                default:
                    continue
                }
                #expect(machine.invariantViolations().isEmpty, "\(machine.invariantViolations())")
                #expect(machine.frame.identity.rawValue >= lastIdentity)
                lastIdentity = machine.frame.identity.rawValue
            }
        }
        #expect(waits > 30, "the walk reaches waits")
    }
}
