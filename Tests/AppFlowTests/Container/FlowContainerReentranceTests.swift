import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// Guarantee 8: calls made from inside the container's own running transition.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowContainerReentranceTests {
    /// A stage that calls back into its own container while mounting.
    final class ReentrantStage: FlowStage {
        let container = LockedValue<FlowContainer<Screen>?>(nil)
        let results = Log<TransitionResult>()

        func mount(_ transition: Transition<Screen>) async {
            guard let container = container.withLock({ $0 }) else { return }
            results.append(await container.cycle(to: Screen("from-stage")))
        }

        func unmount(_ transition: Transition<Screen>) async {}
    }

    @Test func aStageThatCyclesItsOwnContainerIsRejectedAtOnce() async {
        let stage = ReentrantStage()
        let container = FlowContainer(initial: Screen("a"), animation: .immediate, stage: stage)
        stage.container.withLock { $0 = container }
        #expect(await container.cycle(to: Screen("b")) == .completed)
        #expect(stage.results.all == [.rejected])
        #expect(await container.child.name == "b")
        stage.container.withLock { $0 = nil }  // the stage and the container hold each other
    }

    @Test func aHookThatAwaitsCycleInlineIsRejectedAtOnce() async {
        let selfCalling = SelfCallingScreen()
        let container = FlowContainer<SelfCallingScreen>(initial: SelfCallingScreen(), animation: .immediate)
        selfCalling.container.withLock { $0 = container }
        #expect(await container.cycle(to: selfCalling) == .completed)
        #expect(selfCalling.results.all == [.rejected])
        selfCalling.container.withLock { $0 = nil }  // the child and the container hold each other
    }

    /// A screen whose hook awaits `cycle` on the container that is showing it.
    final class SelfCallingScreen: FlowLifecycle {
        let container = LockedValue<FlowContainer<SelfCallingScreen>?>(nil)
        let results = Log<TransitionResult>()

        func flowWillAppear() async {
            guard let container = container.withLock({ $0 }) else { return }
            results.append(await container.cycle(to: SelfCallingScreen()))
        }
    }

    @Test func aTaskStartedFromAHookIsAnOrdinaryCaller() async {
        let hooked = HookedScreen(name: "hooked")
        let container = FlowContainer<HookedScreen>(initial: HookedScreen(name: "start"), animation: .immediate)
        hooked.owner.withLock { $0 = container }
        #expect(await container.cycle(to: hooked) == .completed)
        let spawned = hooked.spawned.withLock { $0 }
        #expect(await spawned?.value(within: .seconds(10)) == .completed)
        #expect(await container.child.name == "spawned-by-hook")
        hooked.owner.withLock { $0 = nil }
    }

    /// A screen whose `flowWillAppear` starts a plain `Task` that cycles its own container.
    final class HookedScreen: FlowLifecycle {
        let name: String
        let owner = LockedValue<FlowContainer<HookedScreen>?>(nil)
        let spawned = LockedValue<Task<TransitionResult, Never>?>(nil)

        init(name: String) {
            self.name = name
        }

        func flowWillAppear() async {
            guard let owner = owner.withLock({ $0 }) else { return }
            spawned.withLock { $0 = Task { await owner.cycle(to: HookedScreen(name: "spawned-by-hook")) } }
        }
    }

    @Test func aFactoryThatAwaitsCycleOnItsContainerIsRejectedAtOnce() async {
        let container = FlowContainer(initial: Screen("a"), animation: .immediate)
        let inner = Log<TransitionResult>()
        let result = await container.cycle {
            inner.append(await container.cycle(to: Screen("nested")))
            return Screen("made")
        }
        #expect(result == .completed)
        #expect(inner.all == [.rejected])
        #expect(await container.child.name == "made")
    }

    @Test func anAnimatorThatAwaitsCycleOnItsContainerIsRejectedAtOnce() async {
        let holder = LockedValue<FlowContainer<Screen>?>(nil)
        let inner = Log<TransitionResult>()
        let calling = TransitionAnimation.custom(name: "calling", duration: .seconds(1)) { (_: Screen, _: Screen, _) in
            guard let container = holder.withLock({ $0 }) else { return }
            inner.append(await container.cycle(to: Screen("nested")))
        }
        let container = FlowContainer(initial: Screen("a"), animation: calling)
        holder.withLock { $0 = container }
        #expect(await container.cycle(to: Screen("b")) == .completed)
        #expect(inner.all == [.rejected])
        holder.withLock { $0 = nil }  // the animation and the container hold each other
    }

    @Test func finishCalledFromAHookDoesNotDeadlock() async {
        let holder = LockedValue<FlowContainer<Screen>?>(nil)
        let finishing = TransitionAnimation.custom(name: "finishing", duration: nil) { (_: Screen, _: Screen, _) in }
        let container = FlowContainer(initial: Screen("a"), animation: finishing, stage: FinishingStage(holder: holder))
        holder.withLock { $0 = container }
        #expect(await container.cycle(to: Screen("b")).didRun)
        #expect(await container.isFinished)
        #expect(container.subscriberCount == 0)
        holder.withLock { $0 = nil }
    }

    /// A stage that finishes its container while mounting.
    struct FinishingStage: FlowStage {
        let holder: LockedValue<FlowContainer<Screen>?>

        func mount(_ transition: Transition<Screen>) async {
            await holder.withLock({ $0 })?.finish()
        }

        func unmount(_ transition: Transition<Screen>) async {}
    }
}
