import AppFlow
import AppFlowTesting
import Testing

/// The rules' ledger on made-up sequences: each rule's breach, and the orders that are
/// none.
struct AuthRuleLedgerTests {
    typealias Ledger = AuthRuleLedger<String>

    @Test func aLoginCalledBeforeALogoutAndShownAfterItReturnedIsABreach() {
        var ledger = Ledger()
        let login = ledger.called(.login("a"))
        let logout = ledger.called(.logout)
        ledger.returned(logout, .completed)
        ledger.read(ledger.reading(), .loggedIn("a"))
        ledger.returned(login, .superseded)
        #expect(ledger.violations == ["a was shown after logout 1 returned, asked for only before it"])
    }

    @Test func theSameSessionAskedForAgainAfterTheLogoutIsNoBreach_NorIsOneReadBeforeItReturned() {
        var ledger = Ledger()
        _ = ledger.called(.login("a"))
        let logout = ledger.called(.logout)
        let early = ledger.reading()
        ledger.returned(logout, .completed)
        ledger.read(early, .loggedIn("a"))
        _ = ledger.called(.login("a"))
        ledger.read(ledger.reading(), .loggedIn("a"))
        #expect(ledger.violations.isEmpty)
    }

    @Test func aSupersededOrCancelledLogoutGuardsNothing() {
        for result in [AuthResult.superseded, .cancelled] {
            var ledger = Ledger()
            _ = ledger.called(.login("a"))
            let logout = ledger.called(.logout)
            ledger.returned(logout, result)
            ledger.read(ledger.reading(), .loggedIn("a"))
            #expect(ledger.violations.isEmpty, "\(result)")
        }
    }

    @Test func aLockedSessionAfterALogoutIsABreachToo() {
        var ledger = Ledger()
        _ = ledger.called(.login("a"))
        let logout = ledger.called(.logout)
        ledger.returned(logout, .interrupted)
        ledger.read(ledger.reading(), .locked("a"))
        #expect(ledger.violations.count == 1)
    }

    @Test func aSessionShownAfterACompletedLockWithNoUnlockSinceIsABreach() {
        var ledger = Ledger()
        let unlock = ledger.called(.unlock)
        let lock = ledger.called(.lock)
        ledger.returned(lock, .completed)
        ledger.read(ledger.reading(), .loggedIn("a"))
        ledger.returned(unlock, .superseded)
        #expect(ledger.violations == ["a was shown after lock 1 returned, with no call but locks made since"])
        var later = Ledger()
        let lock2 = later.called(.lock)
        later.returned(lock2, .completed)
        _ = later.called(.lock)
        later.read(later.reading(), .loggedIn("a"))
        #expect(later.violations.count == 1)
        _ = later.called(.login("b"))
        later.read(later.reading(), .loggedIn("b"))
        #expect(later.violations.count == 1)
    }

    @Test func anIntentOpenedBeforeALogoutAndDeliveredAfterItReturnedIsABreach() {
        var ledger = Ledger()
        ledger.opened(intent: 1)
        let logout = ledger.called(.logout)
        ledger.delivered(intent: 1)
        ledger.returned(logout, .completed)
        #expect(ledger.violations.isEmpty)
        ledger.opened(intent: 2)
        let second = ledger.called(.logout)
        ledger.returned(second, .completed)
        ledger.delivered(intent: 2)
        #expect(ledger.violations == ["intent 2 was delivered after logout 1 returned, opened before it was called"])
    }

    @Test func anIntentDeliveredTwiceIsABreach() {
        var ledger = Ledger()
        ledger.opened(intent: 1)
        ledger.opened(intent: 2)
        ledger.delivered(intent: 1)
        ledger.delivered(intent: 2)
        #expect(ledger.violations.isEmpty)
        ledger.delivered(intent: 1)
        #expect(ledger.violations == ["intent 1 was delivered twice"])
    }

    @Test func aCallThatNeverReturnsOrReturnsTwiceIsABreach() {
        var ledger = Ledger()
        let once = ledger.called(.other("refresh"))
        let twice = ledger.called(.lock)
        _ = ledger.called(.logout)
        ledger.returned(once, .completed)
        ledger.returned(twice, .unchanged)
        ledger.returned(twice, .unchanged)
        ledger.finish()
        #expect(ledger.violations == ["call 1 (lock) returned twice", "call 2 (logout) never returned"])
    }
}
