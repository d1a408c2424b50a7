import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// Thousands of containers and `AuthFlow`s made, driven, finished and dropped: every one
/// of them, their children, subscribers and nested containers must be released. Run under
/// AddressSanitizer in CI, where LeakSanitizer also checks what no weak reference sees:
/// the tasks and continuations left behind.
@Suite(.timeLimit(.minutes(2)), .endsWithin(.seconds(100)))
struct LeakStormTests {
    /// A child owning a container of its own, finished when it disappears.
    final class Section: FlowLifecycle {
        let name: String
        let inner: FlowContainer<Screen>

        init(_ name: String, tracker: ReleaseTracker) {
            self.name = name
            inner = FlowContainer(initial: Screen("\(name).home"), animation: .immediate)
            tracker.track(inner, as: "\(name).inner")
        }

        func flowDidDisappear() async {
            await inner.finish()
        }
    }

    /// One container's life: two subscribers, a nested container, a hop replaced by a
    /// later cycle, overlapping cycles, then `finish()`, or for odd indices nothing: the
    /// container is just dropped, and its subscribers' loops must end all the same.
    static func driveContainer(_ index: Int, tracker: ReleaseTracker, ended: Log<Int>) async {
        let first = Section("c\(index).a", tracker: tracker)
        tracker.track(first, as: "c\(index).a")
        let container = FlowContainer(initial: first, animation: .immediate, policy: .latestWins)
        tracker.track(container, as: "c\(index)")
        let recorder = EventRecorder(container.events())
        tracker.track(recorder, as: "c\(index).recorder")
        let events = container.events()
        Task {
            for await _ in events {}
            ended.append(index)
        }
        _ = await first.inner.cycle(to: Screen("c\(index).a.locked"))
        let hop = Task {
            await container.hop { (_: HopHandle<Int>) in Section("c\(index).hop", tracker: tracker) }
        }
        _ = await eventually { await container.child.name == "c\(index).hop" }
        await withTaskGroup(of: Void.self) { group in
            for step in 0..<3 {
                group.addTask {
                    let section = Section("c\(index).\(step)", tracker: tracker)
                    tracker.track(section, as: "c\(index).\(step)")
                    await container.cycle(to: section)
                }
            }
        }
        #expect(await hop.value(within: .seconds(10)) != nil, "the hop did not end")
        if index.isMultiple(of: 2) {
            await container.finish()
            await recorder.waitUntilFinished()
        }
    }

    /// One `AuthFlow`'s life: start, overlapping logins and logouts, a subscriber, finish.
    static func driveFlow(_ index: Int, tracker: ReleaseTracker) async {
        var provider = TestAuthProvider()
        provider.tracker = tracker
        let flow = AuthFlow(provider: provider, splash: Screen("f\(index).splash"))
        tracker.track(flow, as: "f\(index)")
        tracker.track(flow.container, as: "f\(index).container")
        let events = flow.events()
        let consumer = Task {
            for await _ in events {}
        }
        await flow.start()
        await overlappingCalls(on: flow, index)
        await flow.finish()
        #expect(await consumer.value(within: .seconds(10)) != nil, "the subscriber's loop did not end")
    }

    /// Four overlapping calls on `flow`: two logins and two logouts.
    static func overlappingCalls<Provider: AuthFlowProvider>(on flow: AuthFlow<Provider>, _ index: Int) async
    where Provider.Session == String {
        await withTaskGroup(of: Void.self) { group in
            for step in 0..<4 {
                group.addTask {
                    if step.isMultiple(of: 2) {
                        _ = await flow.login("u\(index).\(step)")
                    } else {
                        _ = await flow.logout()
                    }
                }
            }
        }
    }

    /// One `AuthFlow`'s life with three scenes and session services: one scene attached
    /// mid-session, one detached, overlapping calls, a subscriber per scene, finish.
    static func driveScenes(_ index: Int, tracker: ReleaseTracker) async {
        var provider = SceneAuthProvider()
        provider.tracker = tracker
        let flow = AuthFlow(provider: provider, splash: Screen("g\(index).splash"))
        tracker.track(flow, as: "g\(index)")
        let second = flow.attachScene(placeholder: Screen("g\(index).launch2"))
        let consumers = [flow.scene, second].map { scene in
            let events = scene.events()
            return Task {
                for await _ in events {}
            }
        }
        await flow.start()
        let third = flow.attachScene(placeholder: Screen("g\(index).launch3"))
        tracker.track(third, as: "g\(index).scene3")
        // A scene detached while the calls run.
        async let detached: Void = flow.detach(second)
        await overlappingCalls(on: flow, index)
        await detached
        await flow.finish()
        for consumer in consumers {
            #expect(await consumer.value(within: .seconds(10)) != nil, "a scene's subscriber did not end")
        }
        #expect(provider.aliveServices.current == 0, "services left alive")
    }

    @Test func everyFlowWithScenesAndServicesDrivenFinishedAndDroppedIsReleased() async {
        let tracker = ReleaseTracker()
        for batch in stride(from: 0, to: 500, by: 100) {
            await withTaskGroup(of: Void.self) { group in
                for index in batch..<(batch + 100) {
                    group.addTask { await Self.driveScenes(index, tracker: tracker) }
                }
            }
        }
        #expect(await tracker.waitUntilReleased(), "alive: \(tracker.alive.prefix(8))")
    }

    @Test func everyContainerAndFlowDrivenFinishedAndDroppedIsReleased() async {
        let tracker = ReleaseTracker()
        let ended = Log<Int>()
        let containers = 2_000
        let flows = 1_000
        for batch in stride(from: 0, to: containers, by: 100) {
            await withTaskGroup(of: Void.self) { group in
                for index in batch..<(batch + 100) {
                    group.addTask { await Self.driveContainer(index, tracker: tracker, ended: ended) }
                }
            }
        }
        for batch in stride(from: 0, to: flows, by: 100) {
            await withTaskGroup(of: Void.self) { group in
                for index in batch..<(batch + 100) {
                    group.addTask { await Self.driveFlow(index, tracker: tracker) }
                }
            }
        }
        #expect(await tracker.waitUntilReleased(), "alive: \(tracker.alive.prefix(8))")
        #expect(await eventually { ended.all.count == containers }, "subscribers left waiting on dropped containers")
    }
}
