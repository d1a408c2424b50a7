import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// A child that owns a container of its own, as the Gateway post suggests for locking one
/// part of the app.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct NestedFlowTests {
    /// A section of the app with its own inner flow, ended when the section disappears.
    final class Section: FlowLifecycle {
        let name: String
        let inner: FlowContainer<String>

        init(_ name: String) {
            self.name = name
            self.inner = FlowContainer(initial: "\(name).home", animation: .immediate)
        }

        func flowDidDisappear() async {
            await inner.finish()
        }
    }

    @Test func innerEventsStaySeparateAndReplacingTheOuterChildEndsTheInnerContainer() async {
        let tracker = ReleaseTracker()
        let outer = FlowContainer(initial: Section("settings"), animation: .immediate)
        let outerLog = EventRecorder(outer.events())
        let section = await outer.child
        tracker.track(section, as: "settings")
        let innerLog = EventRecorder(section.inner.events())
        #expect(await section.inner.cycle(to: "settings.locked") == .completed)
        #expect(await outer.cycle(to: Section("main")) == .completed)

        #expect(await section.inner.isFinished)
        await innerLog.waitUntilFinished()
        #expect(innerLog.snapshot.didCount == 1)
        await outerLog.waitForEvents { $0.didCount == 1 }
        #expect(outerLog.snapshot.completed.map(\.to.name) == ["main"])
        #expect(await section.inner.cycle(to: "too.late") == .cancelled)

        innerLog.cancel()
        outerLog.cancel()
        _ = consume section
        _ = consume innerLog
        _ = consume outerLog
        // No task of the inner container outlives it: the old section goes entirely.
        #expect(await eventually { tracker.allReleased })
    }

    @Test func finishingTheOuterContainerEndsTheInnerOne() async {
        let outer = FlowContainer(initial: Section("start"), animation: .immediate)
        await outer.cycle(to: Section("main"))
        let section = await outer.child
        let innerLog = EventRecorder(section.inner.events())
        await outer.finish()
        #expect(await section.inner.isFinished)
        await innerLog.waitUntilFinished()
    }
}
