import AppFlow

/// The ledger of AuthFlow's rules (``AuthRuleLedger``) around one flow, for a scenario:
/// make each call through it, and it stamps the call, its return and a read of the
/// flow's phase after it, and checks them. ``ScheduleExplorer`` shows it in a scenario.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public final class AuthFlowRules<Provider: AuthFlowProvider>: Sendable where Provider.Session: Hashable {
    private let flow: AuthFlow<Provider>
    private let ledger = LockedValue(AuthRuleLedger<Provider.Session>())

    /// Rules around `flow`.
    public init(_ flow: AuthFlow<Provider>) {
        self.flow = flow
    }

    /// `flow.login(session)`, stamped, then a read of the phase.
    @discardableResult
    public func login(_ session: Provider.Session) async -> AuthResult {
        await make(.login(session)) { await self.flow.login(session) }
    }

    /// `flow.logout()`, stamped, then a read of the phase.
    @discardableResult
    public func logout() async -> AuthResult {
        await make(.logout) { await self.flow.logout() }
    }

    /// `flow.lock()`, stamped, then a read of the phase.
    @discardableResult
    public func lock() async -> AuthResult {
        await make(.lock) { await self.flow.lock() }
    }

    /// `flow.unlock()`, stamped, then a read of the phase.
    @discardableResult
    public func unlock() async -> AuthResult {
        await make(.unlock) { await self.flow.unlock() }
    }

    /// Any other call, through `body`: counted for exactly-once, then a read of the phase.
    @discardableResult
    public func call(_ name: String, _ body: () async -> AuthResult) async -> AuthResult {
        await make(.other(name), body)
    }

    /// Intent `id` is about to be opened.
    public func opening(intent id: Int) {
        ledger.withLock { $0.opened(intent: id) }
    }

    /// Intent `id` reached the provider's `handle`: call it from there.
    public func delivered(intent id: Int) {
        ledger.withLock { $0.delivered(intent: id) }
    }

    /// Reads the flow's phase and checks it.
    public func readPhase() async {
        let read = ledger.withLock { $0.reading() }
        let phase = await flow.phase
        ledger.withLock { $0.read(read, phase) }
    }

    /// Every breach found so far.
    public var violations: [String] {
        ledger.withLock { $0.violations }
    }

    /// Flags the calls that never returned and records every breach as a failure of the
    /// schedule.
    public func check(in exploration: Exploration) {
        let violations = ledger.withLock { ledger in
            ledger.finish()
            return ledger.violations
        }
        for violation in violations {
            exploration.fail(violation)
        }
    }

    private func make(_ call: AuthRuleLedger<Provider.Session>.Call, _ body: () async -> AuthResult) async -> AuthResult
    {
        let number = ledger.withLock { $0.called(call) }
        let result = await body()
        ledger.withLock { $0.returned(number, result) }
        await readPhase()
        return result
    }
}
