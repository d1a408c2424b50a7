import AppFlow

/// Opens intents on an ``AppFlow/AuthFlow`` and records each one's outcome, in the order
/// they were opened, so that a test can wait until every intent it opened has one.
///
/// ```swift
/// let recorder = IntentRecorder(flow)
/// recorder.enqueue("inbox")
/// await flow.login("ada")
/// let outcomes = await recorder.outcomes()  // every intent opened through it, with its outcome
/// ```
public final class IntentRecorder<Provider: AuthFlowProvider>: Sendable {
    /// An intent opened through the recorder, with its outcome once it has one.
    public typealias Record = (intent: Provider.Intent, result: IntentResult)

    private let flow: AuthFlow<Provider>
    private let opened = LockedValue<[(intent: Provider.Intent, handle: AuthIntentHandle)]>([])

    /// A recorder of intents opened on `flow`.
    public init(_ flow: AuthFlow<Provider>) {
        self.flow = flow
    }

    /// Opens `intent` as ``AppFlow/AuthFlow/enqueue(_:for:in:switching:)`` does, and records it.
    /// The record keeps the order of the calls made from one task; calls made at once from
    /// several tasks are recorded in either order.
    @discardableResult
    public func enqueue(
        _ intent: Provider.Intent,
        for session: Provider.Session? = nil,
        in scene: AuthSceneID? = nil,
        switching: Bool = false
    ) -> AuthIntentHandle {
        let handle = flow.enqueue(intent, for: session, in: scene, switching: switching)
        opened.withLock { $0.append((intent, handle)) }
        return handle
    }

    /// How many intents opened through the recorder have no outcome yet.
    public var pendingCount: Int {
        opened.withLock { $0.filter { !$0.handle.hasOutcome }.count }
    }

    /// Waits until every intent opened through the recorder so far has its outcome, and
    /// returns them all in open order. Cancelling the waiting task ends the wait early; the
    /// intents without an outcome then read ``AppFlow/IntentDropReason/cancelled``.
    public func outcomes() async -> [Record] {
        var records: [Record] = []
        for (intent, handle) in opened.withLock({ $0 }) {
            records.append((intent, await handle.result))
        }
        return records
    }
}
