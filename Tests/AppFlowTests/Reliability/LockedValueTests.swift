import Testing

@testable import AppFlow

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's one lock type, and the parts of one lock's value.
@Suite(.timeLimit(.minutes(1)))
struct LockedValueTests {
    #if DEBUG
    /// What keeps ``AuthCore``'s one lock from being taken inside itself through two of its
    /// parts: the debug build's mutex stops the process instead of hanging.
    @Test func aLockTakenAgainByItsHolderStopsTheProcessInADebugBuild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A mutex that does not check its holder deadlocks here: the alarm ends the
            // process, without the EDEADLK message, instead of leaving the test hanging.
            alarm(10)
            let whole = LockedValue((calls: 0, intents: 0))
            let calls = LockedPart(of: whole, \.calls)
            let intents = LockedPart(of: whole, \.intents)
            calls.withLock { calls in
                calls += 1
                intents.withLock { $0 += 1 }
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("EDEADLK"))
    }

    /// Nothing but a leaf lock is taken under an `AuthFlow`'s core lock, and that lock
    /// under no other: a debug build stops the process at a lock taken out of its role
    /// (``LockRole``), before waiting for it, so every test that runs the flow checks the
    /// order. One case per rule broken.
    static let lockOrderBreaks: [String] = [
        "an ordinary lock under the flow's core lock",
        "the flow's core lock under an ordinary lock",
        "a lock under a leaf lock",
        "the flow's core lock under another flow's",
    ]

    @Test(arguments: lockOrderBreaks.indices)
    func aLockTakenOutOfItsRoleStopsTheProcessInADebugBuild(_ index: Int) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            alarm(10)
            let core = LockedValue(0, role: .outermost)
            let other = LockedValue(0, role: .outermost)
            let ordinary = LockedValue(0)
            let leaf = LockedValue(0, role: .leaf)
            switch index {
            case 0: core.withLock { _ in ordinary.withLock { $0 += 1 } }
            case 1: ordinary.withLock { _ in core.withLock { $0 += 1 } }
            case 2: leaf.withLock { _ in ordinary.withLock { $0 += 1 } }
            default: core.withLock { _ in other.withLock { $0 += 1 } }
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("Lock order"), "\(Self.lockOrderBreaks[index])")
    }

    /// The flow's own core is such a lock: an ordinary lock taken under it stops the
    /// process.
    @Test func theFlowsCoreLockTakesNoOrdinaryLockUnderItInADebugBuild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            alarm(10)
            let flow = AuthFlow(provider: TestAuthProvider(), splash: Screen("splash"))
            let ordinary = LockedValue(0)
            flow.core.withLock { _ in ordinary.withLock { $0 += 1 } }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("Lock order: a lock other than a leaf was taken under the flow's core lock"))
    }
    #endif

    /// What the roles allow: a leaf under the flow's core lock, ordinary locks inside one
    /// another, and any lock once the one before was let go.
    @Test func aLeafUnderTheCoreLockAndOrdinaryLocksInsideOneAnotherAreAllowed() {
        let core = LockedValue(0, role: .outermost)
        let leaf = LockedValue(0, role: .leaf)
        let outer = LockedValue(0)
        let inner = LockedValue(0)
        core.withLock { value in
            value += 1
            leaf.withLock { $0 += 1 }
        }
        outer.withLock { value in
            value += 1
            inner.withLock { $0 += 1 }
            leaf.withLock { $0 += 1 }
        }
        leaf.withLock { $0 += 1 }
        core.withLock { $0 += 1 }
        #expect([core, leaf, outer, inner].map { $0.withLock { $0 } } == [2, 3, 1, 1])
    }

    @Test func eachPartReadsAndWritesItsOwnFieldOfTheWholeUnderTheWholesLock() {
        let whole = LockedValue((calls: 1, intents: 10))
        let calls = LockedPart(of: whole, \.calls)
        let intents = LockedPart(of: whole, \.intents)
        calls.withLock { $0 += 1 }
        intents.withLock { $0 *= 3 }
        #expect(whole.withLock { [$0.calls, $0.intents] } == [2, 30])
        #expect(calls.withLock { $0 } == 2)
        #expect(intents.withLock { $0 } == 30)
    }
}
