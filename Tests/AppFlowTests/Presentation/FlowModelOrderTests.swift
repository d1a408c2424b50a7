#if canImport(Observation)
import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// `FlowModel` never goes back: it subscribes before it reads the child, so the events of
/// transitions that ran in between reach it after it read a newer child; it ignores them.
@MainActor
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowModelOrderTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func eventsOfTransitionsOlderThanTheChildReadAreIgnored() async {
        let container = FlowContainer(initial: "splash", animation: .immediate)
        #expect(await container.cycle(to: "login") == .completed)
        #expect(await container.cycle(to: "main") == .completed)
        // The synchronous initialiser (a non-async closure picks it).
        let model = { FlowModel(mirroring: container) }()
        #expect(model.child == "main")
        // As if the first transition's events had been delivered after the read.
        let older = Transition(id: TransitionID(rawValue: 1), from: "splash", to: "login", animation: .immediate)
        model.apply(.willTransition(older))
        model.apply(.progress(older, fraction: 1))
        model.apply(.didTransition(older))
        #expect(model.child == "main" && model.transitionID == nil && !model.isTransitioning)
        // The transition that placed the child read, and newer ones, still count.
        let same = Transition(id: TransitionID(rawValue: 2), from: "login", to: "main", animation: .immediate)
        model.apply(.willTransition(same))
        #expect(model.child == "main" && model.transitionID == same.id)
        #expect(await container.cycle(to: "settings") == .completed)
        #expect(await eventually { @MainActor in model.child == "settings" })
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func bothInitialisersStartFromTheChildAndTransitionReadTogether() async {
        let container = FlowContainer(initial: 0, animation: .immediate)
        for value in 1...5 { _ = await container.cycle(to: value) }
        let made = { FlowModel(mirroring: container) }()
        let awaited = await FlowModel(mirroring: container)
        for model in [made, awaited] {
            #expect(model.child == 5)
            model.apply(
                .willTransition(Transition(id: TransitionID(rawValue: 4), from: 3, to: 4, animation: .immediate))
            )
            #expect(model.child == 5)
        }
    }
}
#endif
