import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// `hop(to:)` and `unhop`: CLHoppingViewController's pattern.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct HopTests {
    /// A screen that keeps its hop handle, so the test can play the user.
    final class HoppingScreen: Sendable {
        let name: String
        let handle: HopHandle<String>

        init(_ name: String, handle: HopHandle<String>) {
            self.name = name
            self.handle = handle
        }
    }

    enum Step: Sendable {
        case plain(String)
        case hopping(HoppingScreen)

        var name: String {
            switch self {
            case .plain(let name): return name
            case .hopping(let screen): return screen.name
            }
        }
    }

    /// Waits until the container shows a hopping screen, and returns it.
    static func shown(_ container: FlowContainer<Step>, named name: String) async -> HoppingScreen? {
        _ = await eventually { await container.child.name == name }
        if case .hopping(let screen) = await container.child { return screen }
        return nil
    }

    @Test func aHopReturnsWhatTheChildHandsBackAndASecondUnhopIsIgnored() async {
        let container = FlowContainer(initial: Step.plain("start"), animation: .immediate)
        let hop = Task { await container.hop { .hopping(HoppingScreen("login", handle: $0)) } }
        let screen = await Self.shown(container, named: "login")
        #expect(screen?.handle.hasEnded == false)
        #expect(screen?.handle.unhop("ada") == true)
        #expect(screen?.handle.hasEnded == true)
        #expect(screen?.handle.unhop("bob") == false)
        #expect(await hop.value(within: .seconds(10))?.value == "ada")
    }

    @Test func aHopOvertakenByAnotherTransitionReturnsReplacedAndALateUnhopIsIgnored() async {
        let container = FlowContainer(initial: Step.plain("start"), animation: .immediate)
        let hop = Task { await container.hop { .hopping(HoppingScreen("login", handle: $0)) } }
        let screen = await Self.shown(container, named: "login")
        await container.cycle(to: .plain("elsewhere"))
        guard case .replaced? = await hop.value(within: .seconds(10)) else {
            Issue.record("expected replaced")
            return
        }
        #expect(screen?.handle.unhop("late") == false)
    }

    @Test func aHopWhoseRequestNeverRanSaysSo() async {
        let gate = Gate()
        let container = FlowContainer(initial: Step.plain("start"), animation: .immediate, policy: .dropIfBusy)
        let busy = Task {
            await container.cycle(
                to: .plain("busy"),
                animation: .custom(duration: nil) { (_: Step, _: Step, _) in await gate.pass() }
            )
        }
        #expect(await eventually { gate.waitingCount == 1 })
        guard
            case .notShown(.rejected) = await container.hop(to: { (handle: HopHandle<String>) in
                .hopping(HoppingScreen("x", handle: handle))
            })
        else {
            Issue.record("expected notShown(.rejected)")
            return
        }
        gate.open()
        #expect(await busy.value(within: .seconds(10)) != nil, "the busy cycle did not return")
    }

    @Test func cancellingTheHoppingTaskEndsTheHopButLeavesTheChildInPlace() async {
        let container = FlowContainer(initial: Step.plain("start"), animation: .immediate)
        let hop = Task { await container.hop { .hopping(HoppingScreen("login", handle: $0)) } }
        let screen = await Self.shown(container, named: "login")
        hop.cancel()
        guard case .cancelled? = await hop.value(within: .seconds(10)) else {
            Issue.record("expected cancelled")
            return
        }
        #expect(screen?.handle.unhop("late") == false)
        #expect(await container.child.name == "login")
    }

    @Test func finishingTheContainerEndsAHopAsReplaced() async {
        let container = FlowContainer(initial: Step.plain("start"), animation: .immediate)
        let hop = Task { await container.hop { .hopping(HoppingScreen("login", handle: $0)) } }
        _ = await Self.shown(container, named: "login")
        await container.finish()
        guard case .replaced? = await hop.value(within: .seconds(10)) else {
            Issue.record("expected replaced")
            return
        }
    }

    /// CLHoppingViewController's own example: splash, onboarding on a first run, login, main.
    @Test func theStartupSequenceReadsAsStraightLineCode() async {
        let container = FlowContainer(initial: Step.plain("launch"), animation: .immediate)
        let user = Task { () -> [String] in
            var visited: [String] = []
            for name in ["splash", "onboarding", "login"] {
                guard let screen = await Self.shown(container, named: name) else { return visited }
                visited.append(name)
                screen.handle.unhop(name == "login" ? "ada" : "next")
            }
            return visited
        }
        // ComingFromCLHoppingViewController: begin
        let firstRun = true
        _ = await container.hop { .hopping(HoppingScreen("splash", handle: $0)) }
        if firstRun {
            _ = await container.hop { .hopping(HoppingScreen("onboarding", handle: $0)) }
        }
        let session = await container.hop { .hopping(HoppingScreen("login", handle: $0)) }.value ?? "guest"
        await container.cycle(to: .plain("main(\(session))"))
        // ComingFromCLHoppingViewController: end
        #expect(await user.value(within: .seconds(10)) == ["splash", "onboarding", "login"])
        #expect(await container.child.name == "main(ada)")
    }

    /// A stage that holds the mount of the transition to `held` at a gate: that
    /// transition has begun (its child is in place) and has not ended.
    struct HoldingStage: FlowStage {
        let held: String
        let gate: Gate
        func mount(_ transition: Transition<Step>) async {
            if transition.to.name == held { await gate.pass() }
        }
        func progress(_ fraction: Double, of transition: Transition<Step>) async {}
        func unmount(_ transition: Transition<Step>) async {}
    }

    /// A container whose transition to `held` is held at `gate` before it ends.
    static func container(holding held: String, at gate: Gate) -> FlowContainer<Step> {
        FlowContainer(initial: .plain("start"), animation: .immediate, stage: HoldingStage(held: held, gate: gate))
    }

    /// A survey's late "done" must not start the next launch step over the screen a deep
    /// link has just opened: the hop ends as replaced when the next transition begins.
    @Test func aHopEndsAsReplacedWhenTheNextTransitionBeginsNotWhenItEnds() async {
        let gate = Gate()
        let container = Self.container(holding: "deep link", at: gate)
        let hop = Task { await container.hop { .hopping(HoppingScreen("survey", handle: $0)) } }
        let survey = await Self.shown(container, named: "survey")
        let link = Task { await container.cycle(to: .plain("deep link")) }
        // The deep link's transition has begun and is held before it ends.
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        #expect(await container.child.name == "deep link")
        #expect(survey?.handle.unhop("done") == false)
        #expect(survey?.handle.hasEnded == true)
        let outcome = await hop.value(within: .seconds(30))
        gate.open()
        guard case .replaced? = outcome else {
            Issue.record("expected replaced, got \(String(describing: outcome))")
            return
        }
        #expect(await link.value(within: .seconds(30)) == .completed)
    }

    @Test func aHopRefusedOnArrivalIsNotShownAndNeverMakesItsChild() async {
        let container = FlowContainer(initial: Step.plain("start"), animation: .immediate)
        let asked = Log<FlowAdmissionCheck>()
        let made = Log<String>()
        let result = await container.hop(
            admittedIf: { check in
                asked.append(check)
                return false
            },
            to: { (handle: HopHandle<String>) in
                made.append("survey")
                return .hopping(HoppingScreen("survey", handle: handle))
            }
        )
        guard case .notShown(.superseded) = result else {
            Issue.record("expected notShown(superseded), got \(result)")
            return
        }
        #expect(asked.all == [.arrival])
        #expect(made.all.isEmpty)
        #expect(await container.child.name == "start")
    }

    /// A stale step of a launch sequence becomes a no-op: its admission is asked again when
    /// its turn comes, and a refusal then drops it before its child is made.
    @Test func aHopRefusedWhenItsTurnComesIsNotShownAndNeverMakesItsChild() async {
        let gate = Gate()
        let container = Self.container(holding: "busy", at: gate)
        let busy = Task { await container.cycle(to: .plain("busy")) }
        #expect(await eventually(timeout: .seconds(30)) { gate.waitingCount == 1 })
        let stale = LockedFlag()
        let asked = Log<FlowAdmissionCheck>()
        let made = Log<String>()
        let hop = Task {
            await container.hop(
                admittedIf: { check in
                    asked.append(check)
                    return !stale.isSet
                },
                to: { (handle: HopHandle<String>) in
                    made.append("onboarding")
                    return .hopping(HoppingScreen("onboarding", handle: handle))
                }
            )
        }
        #expect(await eventually(timeout: .seconds(30)) { await container.pendingCount == 1 })
        stale.set()
        gate.open()
        let result = await hop.value(within: .seconds(30))
        guard case .notShown(.superseded)? = result else {
            Issue.record("expected notShown(superseded), got \(String(describing: result))")
            return
        }
        #expect(asked.all == [.arrival, .start])
        #expect(made.all.isEmpty)
        #expect(await busy.value(within: .seconds(30)) == .completed)
        #expect(await container.child.name == "busy")
    }
}

/// A hopping screen that hands its value back as it disappears.
final class UnhoppingScreen: FlowLifecycle, Sendable {
    let handle: HopHandle<String>
    let unhopped = Log<Bool>()
    init(handle: HopHandle<String>) { self.handle = handle }
    func flowWillDisappear() async { unhopped.append(handle.unhop("saved")) }
}

extension HopTests {
    /// The container keeps nothing of a hop that has returned: its handle (and the value
    /// it handed back) is released while its child stays in place.
    @Test func aReturnedHopsHandleIsReleasedWhileItsChildStaysInPlace() async {
        let container = FlowContainer(initial: "start", animation: .immediate)
        let tracker = ReleaseTracker()
        let handles = Log<HopHandle<String>>()
        let hop = Task {
            await container.hop { (handle: HopHandle<String>) in
                tracker.track(handle, as: "handle")
                handles.append(handle)
                return "survey"
            }
        }
        #expect(await eventually(timeout: .seconds(30)) { handles.all.count == 1 })
        #expect(handles.all.first?.unhop("done") == true)
        #expect(await hop.value(within: .seconds(30))?.value == "done")
        handles.removeAll()
        #expect(await tracker.waitUntilReleased())
        #expect(await container.child == "survey")
        await container.finish()
    }

    /// `finish()` ends a hop only after the child in place has disappeared, so a child that
    /// hands its value back while disappearing returns it.
    @Test func aChildThatUnhopsAsTheContainerFinishesReturnsItsValue() async {
        let container = FlowContainer<UnhoppingScreen?>(initial: nil, animation: .immediate)
        let hop = Task { await container.hop { UnhoppingScreen(handle: $0) } }
        #expect(await eventually(timeout: .seconds(30)) { await container.child != nil })
        let screen = await container.child
        await container.finish()
        #expect(await hop.value(within: .seconds(30))?.value == "saved")
        #expect(screen?.unhopped.all == [true])
    }
}

/// A flag set once, read from any task.
final class LockedFlag: Sendable {
    private let value = Log<Bool>()
    var isSet: Bool { !value.all.isEmpty }
    func set() { value.append(true) }
}
