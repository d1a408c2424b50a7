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
    #endif

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
