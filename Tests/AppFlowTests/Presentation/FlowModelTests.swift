#if canImport(Observation)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Observation
import Testing

/// `FlowModel`, the `@Observable` mirror for SwiftUI, observed with
/// `withObservationTracking` (the Observation module works on Linux).
@MainActor
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowModelTests {
    /// Counts the changes of `model.child` observed while `work` runs.
    final class ChangeCounter: Sendable {
        let count = LockedValue(0)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func theModelChangesOncePerTransitionAndInOrder() async {
        let container = FlowContainer(initial: "splash", animation: .immediate)
        let model = await FlowModel(mirroring: container)
        #expect(model.child == "splash")
        for (index, screen) in ["login", "main", "settings"].enumerated() {
            let changes = ChangeCounter()
            withObservationTracking {
                _ = model.child
            } onChange: {
                changes.count.withLock { $0 += 1 }
            }
            #expect(await container.cycle(to: screen) == .completed)
            #expect(await eventually { @MainActor in model.transitionID == TransitionID(rawValue: UInt64(index + 1)) })
            #expect(model.child == screen)
            #expect(changes.count.withLock { $0 } == 1)
        }
        #expect(await eventually { @MainActor in !model.isTransitioning && model.progress == nil })
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func theModelFollowsProgressFrames() async {
        let clock = ManualClock()
        let container = FlowContainer(initial: "a", animation: .fade(), clock: clock)
        let model = await FlowModel(mirroring: container)
        let switching = Task.detached { await container.cycle(to: "b") }
        await clock.waitForSleepers(2)
        #expect(await eventually { @MainActor in model.isTransitioning })
        clock.advance(by: .milliseconds(200))
        #expect(await switching.value(within: .seconds(10)) == .completed)
        #expect(await eventually { @MainActor in !model.isTransitioning && model.progress == nil })
        #expect(model.child == "b")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func droppingTheModelReleasesTheContainer() async {
        let tracker = ReleaseTracker()
        var container: FlowContainer<String>? = FlowContainer(initial: "a", animation: .immediate)
        tracker.track(container!, as: "container")
        var model: FlowModel<String>? = await FlowModel(mirroring: container!)
        let observed = container!
        #expect(observed.subscriberCount == 1)
        model = nil
        #expect(await eventually { observed.subscriberCount == 0 })
        _ = consume observed
        container = nil
        #expect(model == nil)
        #expect(await eventually { tracker.allReleased })
    }

    /// A view's stored property: a synchronous context on the main actor, as in SwiftUI.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor struct RootView {
        let model: FlowModel<String>
        init(container: FlowContainer<String>) { model = FlowModel(mirroring: container) }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aModelMadeSynchronouslyStartsFromTheChildInPlaceAndMissesNothingAfter() async {
        let container = FlowContainer(initial: "splash", animation: .immediate)
        #expect(await container.cycle { "login" } == .completed)  // a transition run in full
        let view = RootView(container: container)
        #expect(view.model.child == "login", "the child in place, not the initial one")
        #expect(view.model.transitionID == nil)
        #expect(await container.cycle(to: "main") == .completed)
        #expect(await eventually { @MainActor in view.model.child == "main" })
        #expect(view.model.transitionID == TransitionID(rawValue: 2))
        #expect(RootView(container: container).model.child == "main", "after a transition made in place")
    }
}
#endif
