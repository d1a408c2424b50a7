import AppFlowTesting
import Testing

@testable import AppFlow

#if DEBUG
/// How many steps one call takes into a flow's core, each one acquisition of the flow's
/// one lock (``LockedValue/acquisitions``, counted in a debug build only). The counts are
/// exact, so that a step split in two fails here; a change that saves a step updates them.
/// One logout in one scene took 14 steps when the auth side was first measured.
@Suite struct AuthCoreStepsTests {
    /// Expects `call` to take `count` steps into `flow`'s core and to return as it checks.
    static func expect<Provider>(
        _ count: UInt64,
        steps flow: AuthFlow<Provider>,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ call: () async -> Bool
    ) async {
        let before = flow.core.acquisitions
        let returnedAsExpected = await call()
        let steps = flow.core.acquisitions - before
        #expect(returnedAsExpected, sourceLocation: sourceLocation)
        #expect(steps == count, sourceLocation: sourceLocation)
    }

    @Test func eachCallInOneSceneTakesItsCountedStepsIntoTheFlowsCore() async {
        var provider = TestAuthProvider()
        provider.session = "ada"
        let flow = AuthFlow(provider: provider, splash: Screen("splash"))
        // A start is made, answered by the provider, then launched: two steps more.
        await Self.expect(9, steps: flow) { await flow.start() == .completed }
        await Self.expect(7, steps: flow) { await flow.logout() == .completed }
        await Self.expect(7, steps: flow) { await flow.login("bob") == .completed }
        await Self.expect(7, steps: flow) { await flow.refresh() == .completed }
        await Self.expect(7, steps: flow) { await flow.lock() == .completed }
        // The session kept under the cover lock is shown again: no child is made.
        await Self.expect(5, steps: flow) { await flow.unlock() == .completed }
        await Self.expect(7, steps: flow) { await flow.cover() == .completed }
        await Self.expect(5, steps: flow) { await flow.uncover() == .completed }
        await flow.finish()
    }

    /// A call made through a handle (`request`) or a followed session is launched in the
    /// step that stamps it too: the same counts as the async methods'.
    @Test func aRequestedOrFollowedCallTakesTheSameStepsAsTheAsyncMethods() async {
        var provider = TestAuthProvider()
        provider.session = "ada"
        let flow = AuthFlow(provider: provider, splash: Screen("splash"))
        await Self.expect(9, steps: flow) { await flow.start() == .completed }
        await Self.expect(7, steps: flow) { await flow.request(.logout()).result == .completed }
        await Self.expect(7, steps: flow) { await flow.request(.login("bob")).result == .completed }
        await Self.expect(7, steps: flow) { await flow.request(.lock()).result == .completed }
        await Self.expect(5, steps: flow) { await flow.request(.unlock).result == .completed }
        await Self.expect(7, steps: flow) {
            let (sessions, next) = AsyncStream.makeStream(of: String?.self)
            next.yield(nil)
            next.finish()
            return (try? await flow.follow(sessions)) != nil
        }
        await flow.finish()
    }

    /// With intents, the intents hear what the scene shows in the step that ends the call,
    /// so a logout takes no step more; an intent delivered at once takes three: opened,
    /// its delivery starting, and ended.
    @Test func aFlowWithIntentsTakesNoStepMorePerCallAndThreePerIntentDelivered() async {
        var provider = IntentAuthProvider()
        provider.session = "ada"
        let flow = AuthFlow(provider: provider, splash: Screen("splash"))
        provider.scenes.add(flow.scene)
        await Self.expect(9, steps: flow) { await flow.start() == .completed }
        await Self.expect(3, steps: flow) { await flow.open("x") == .delivered(flow.scene.id) }
        // One that switches accounts makes the login in the step that opens it: the phase
        // read for the provider, then one step for both, the login's six more, the
        // delivery's two (eleven until 2026-12-02, the login made in a step of its own).
        await Self.expect(10, steps: flow) {
            await flow.open("y", for: "bob", switching: true) == .delivered(flow.scene.id)
        }
        await Self.expect(7, steps: flow) { await flow.logout() == .completed }
        await flow.finish()
    }
}
#endif
