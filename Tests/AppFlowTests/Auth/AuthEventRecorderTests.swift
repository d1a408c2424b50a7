import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// The test kit records `AuthEvent`s and checks their order.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct AuthEventRecorderTests {
    typealias Event = AuthEvent<String, Screen>

    static func event(_ kind: Event.Kind, _ id: UInt64, by call: AuthCall = .login, initial: Bool = false) -> Event {
        Event(
            kind: kind,
            child: Screen("x"),
            session: nil,
            isInitial: initial,
            call: call,
            logoutVariant: nil,
            transitionID: TransitionID(rawValue: id)
        )
    }

    @Test func aRecorderSeesAFlowsEventsInOrderWithNoViolation() async {
        let flow = AuthFlow(provider: TestAuthProvider(), splash: Screen("splash"))
        let recorder = AuthEventRecorder(flow.events())
        await flow.start()
        await flow.login("ada")
        await flow.refresh()
        await flow.finish()
        await recorder.waitUntilFinished()
        #expect(
            recorder.summaries == [
                "willLogout by start initial", "didLogout by start initial", "willLogin by login",
                "didLogin by login", "willLogin by refresh", "didLogin by refresh",
            ]
        )
        #expect(recorder.violations.isEmpty)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let events: [Event]
        let isComplete: Bool
        let violations: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "balanced", events: [event(.willLogin, 1), event(.didLogin, 1)], isComplete: true, violations: 0),
        Case(name: "open at the end", events: [event(.willLogin, 1)], isComplete: true, violations: 1),
        Case(name: "open, not complete", events: [event(.willLogin, 1)], isComplete: false, violations: 0),
        Case(name: "did without will", events: [event(.didLogout, 1)], isComplete: true, violations: 1),
        Case(
            name: "overlapping",
            events: [event(.willLogin, 1), event(.willLogout, 2), event(.didLogout, 2)],
            isComplete: true,
            violations: 1
        ),
        Case(
            name: "wrong direction",
            events: [event(.willLogin, 1), event(.didLogout, 1)],
            isComplete: true,
            violations: 1
        ),
        Case(
            name: "wrong transition",
            events: [event(.willLogin, 1), event(.didLogin, 2)],
            isComplete: true,
            violations: 1
        ),
        Case(
            name: "initial not by start",
            events: [event(.willLogout, 1, by: .logout, initial: true), event(.didLogout, 1, by: .logout)],
            isComplete: true,
            violations: 1
        ),
    ]

    @Test(arguments: cases)
    func eachRuleBreakIsFound(_ example: Case) {
        let found = AuthEventRecorder<String, Screen>.violations(in: example.events, isComplete: example.isComplete)
        #expect(found.count == example.violations, "\(found)")
    }
}
