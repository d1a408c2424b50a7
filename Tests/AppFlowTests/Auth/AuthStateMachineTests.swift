import Testing

@testable import AppFlow

/// `AuthFlow`'s call-order decisions, tested synchronously as a table: each row is a
/// named state, one input, the action the machine must return and the state it must
/// leave. Sessions and joiners are strings, factory handles integers.
@Suite struct AuthStateMachineTests {
    typealias Machine = AuthStateMachine<String, String, Int>
    typealias Snapshot = Machine.Snapshot

    static let soft = LogoutVariant("softLogout")

    /// The states the table starts from, each built from `fresh` by the machine's own inputs.
    enum State: String, CaseIterable, Sendable {
        /// No call yet.
        case fresh
        /// `login("a")` was called (stamp 1).
        case loggedInCalled
        /// As `loggedInCalled`, and its factory runs as handle 10.
        case building
        /// `logout()` was called (stamp 1), with joiner "j0" never used.
        case logoutOnItsWay
        /// As `logoutOnItsWay`, and a second logout joined it as "j1".
        case logoutJoined
        /// `login("a")` (1), then `logout()` (2).
        case logoutAfterLogin
        /// `logout()` (1), then `login("a")` (2).
        case loginAfterLogout
        /// `refresh(nil)` (1).
        case refreshCalled
        /// `start()` (1).
        case startCalled

        func make() -> Machine {
            var machine = Machine()
            switch self {
            case .fresh:
                break
            case .loggedInCalled:
                _ = machine.call(.login("a"), joiner: nil)
            case .building:
                machine = State.loggedInCalled.make()
                _ = machine.buildStarted(1, 10)
            case .logoutOnItsWay:
                _ = machine.call(.logout(.signedOut), joiner: "j0")
            case .logoutJoined:
                machine = State.logoutOnItsWay.make()
                _ = machine.call(.logout(.signedOut), joiner: "j1")
            case .logoutAfterLogin:
                machine = State.loggedInCalled.make()
                _ = machine.call(.logout(.signedOut), joiner: "j0")
            case .loginAfterLogout:
                machine = State.logoutOnItsWay.make()
                _ = machine.call(.login("a"), joiner: nil)
            case .refreshCalled:
                _ = machine.call(.refresh(nil), joiner: nil)
            case .startCalled:
                _ = machine.call(.start(.splash), joiner: nil)
            }
            return machine
        }

        var expected: Snapshot {
            switch self {
            case .fresh: return Snapshot()
            case .loggedInCalled, .refreshCalled, .startCalled: return Snapshot(lastStamp: 1, newest: 1)
            case .building: return Snapshot(lastStamp: 1, newest: 1, build: 1, buildHandle: 10)
            case .logoutOnItsWay:
                return Snapshot(lastStamp: 1, newest: 1, joinableLogout: 1, joinableVariant: .signedOut)
            case .logoutJoined:
                return Snapshot(
                    lastStamp: 2,
                    newest: 1,
                    joinableLogout: 1,
                    joinableVariant: .signedOut,
                    joiners: [1: ["j1"]]
                )
            case .logoutAfterLogin:
                return Snapshot(lastStamp: 2, newest: 2, joinableLogout: 2, joinableVariant: .signedOut)
            case .loginAfterLogout:
                return Snapshot(lastStamp: 2, newest: 2, joinableLogout: 1, joinableVariant: .signedOut)
            }
        }
    }

    @Test(arguments: State.allCases)
    func everyNamedStateIsExactlyTheStateItsNameSays(_ state: State) {
        #expect(state.make().snapshot == state.expected)
    }

    enum Input: Sendable, CustomStringConvertible {
        case call(Machine.Call, joiner: String?)
        case buildStarted(UInt64, Int)
        case callEnded(UInt64)

        var description: String {
            switch self {
            case .call(let call, let joiner): return "call(\(call), joiner: \(joiner ?? "none"))"
            case .buildStarted(let stamp, let handle): return "buildStarted(\(stamp), \(handle))"
            case .callEnded(let stamp): return "callEnded(\(stamp))"
            }
        }
    }

    enum Action: Equatable {
        case call(Machine.CallAction)
        case buildStarted(Machine.BuildAction)
        case callEnded(Machine.EndAction)
    }

    /// What a row expects: the action, and how the starting snapshot changes.
    struct Expected: Sendable {
        let action: Action
        let change: @Sendable (inout Snapshot) -> Void
    }

    typealias Row = TableRow<State, Input, Expected>

    /// A row whose action leaves the state that `change` makes of the starting snapshot.
    static func row(
        _ state: State,
        _ input: Input,
        _ action: Action,
        _ change: @escaping @Sendable (inout Snapshot) -> Void = { _ in }
    ) -> Row {
        Row(state, input, Expected(action: action, change: change))
    }

    static let rows: [Row] = [
        // Every call takes the next stamp and becomes the newest.
        row(.fresh, .call(.login("a"), joiner: nil), .call(.proceed(1, cancelBuild: nil))) {
            $0.lastStamp = 1
            $0.newest = 1
        },
        row(.fresh, .call(.logout(.signedOut), joiner: "j"), .call(.proceed(1, cancelBuild: nil))) {
            $0.lastStamp = 1
            $0.newest = 1
            $0.joinableLogout = 1
            $0.joinableVariant = .signedOut
        },
        // A logout of the same variant joins the one on its way while it is the newest call.
        row(.logoutOnItsWay, .call(.logout(.signedOut), joiner: "j1"), .call(.joined(1))) {
            $0.lastStamp = 2
            $0.joiners = [1: ["j1"]]
        },
        row(.logoutJoined, .call(.logout(.signedOut), joiner: "j2"), .call(.joined(1))) {
            $0.lastStamp = 3
            $0.joiners = [1: ["j1", "j2"]]
        },
        // Without a joiner (follow), or to another variant, a logout is a call of its own.
        row(.logoutOnItsWay, .call(.logout(.signedOut), joiner: nil), .call(.proceed(2, cancelBuild: nil))) {
            $0.lastStamp = 2
            $0.newest = 2
            $0.joinableLogout = 2
        },
        row(.logoutOnItsWay, .call(.logout(soft), joiner: "j1"), .call(.proceed(2, cancelBuild: nil))) {
            $0.lastStamp = 2
            $0.newest = 2
            $0.joinableLogout = 2
            $0.joinableVariant = soft
        },
        // A call in between ends the joining.
        row(.loginAfterLogout, .call(.logout(.signedOut), joiner: "j1"), .call(.proceed(3, cancelBuild: nil))) {
            $0.lastStamp = 3
            $0.newest = 3
            $0.joinableLogout = 3
        },
        // Any later call cancels the factory of an older one.
        row(.building, .call(.logout(.signedOut), joiner: "j"), .call(.proceed(2, cancelBuild: 10))) {
            $0.lastStamp = 2
            $0.newest = 2
            $0.joinableLogout = 2
            $0.joinableVariant = .signedOut
            $0.build = nil
            $0.buildHandle = nil
        },
        row(.building, .call(.login("b"), joiner: nil), .call(.proceed(2, cancelBuild: 10))) {
            $0.lastStamp = 2
            $0.newest = 2
            $0.build = nil
            $0.buildHandle = nil
        },
        row(.building, .call(.refresh(nil), joiner: nil), .call(.proceed(2, cancelBuild: 10))) {
            $0.lastStamp = 2
            $0.newest = 2
            $0.build = nil
            $0.buildHandle = nil
        },
        // A factory of the newest call is kept; one of an overtaken call is cancelled at once.
        row(.loggedInCalled, .buildStarted(1, 10), .buildStarted(.keep)) {
            $0.build = 1
            $0.buildHandle = 10
        },
        row(.logoutAfterLogin, .buildStarted(1, 10), .buildStarted(.cancel(10))),
        // A call's end resumes the logouts that joined it and forgets its factory.
        row(.logoutJoined, .callEnded(1), .callEnded(.resumeJoiners(["j1"]))) {
            $0.joiners = [:]
            $0.joinableLogout = nil
            $0.joinableVariant = nil
        },
        row(.building, .callEnded(1), .callEnded(.resumeJoiners([]))) {
            $0.build = nil
            $0.buildHandle = nil
        },
        row(.logoutAfterLogin, .callEnded(1), .callEnded(.resumeJoiners([]))),
        row(.loginAfterLogout, .callEnded(1), .callEnded(.resumeJoiners([]))) {
            $0.joinableLogout = nil
            $0.joinableVariant = nil
        },
    ]

    @Test(arguments: rows)
    func eachInputReturnsItsActionAndLeavesItsState(_ row: Row) {
        var machine = row.state.make()
        var expected = machine.snapshot
        row.expected.change(&expected)
        let action: Action
        switch row.input {
        case .call(let call, let joiner): action = .call(machine.call(call, joiner: joiner))
        case .buildStarted(let stamp, let handle): action = .buildStarted(machine.buildStarted(stamp, handle))
        case .callEnded(let stamp): action = .callEnded(machine.callEnded(stamp))
        }
        #expect(action == row.expected.action)
        #expect(machine.snapshot == expected)
    }

    /// One admission question: state, the call's stamp and request, the point, what is
    /// shown, and the verdict.
    struct Question: Sendable, CustomTestStringConvertible {
        let state: State
        let stamp: UInt64
        let call: Machine.Call
        let point: FlowAdmissionPoint
        let current: AuthPlace<String>
        let verdict: Machine.AdmitAction

        var testDescription: String { "\(state): #\(stamp) \(call) at \(point) showing \(current)" }
    }

    static let questions: [Question] =
        [FlowAdmissionPoint.arrival, .start, .childMade].flatMap { point in
            [
                // An overtaken call is refused at every point, whatever is shown.
                Question(
                    state: .logoutAfterLogin,
                    stamp: 1,
                    call: .login("a"),
                    point: point,
                    current: .splash,
                    verdict: .refuse(.stale)
                ),
                Question(
                    state: .loginAfterLogout,
                    stamp: 1,
                    call: .logout(.signedOut),
                    point: point,
                    current: .loggedIn("a"),
                    verdict: .refuse(.stale)
                ),
                // The newest call is admitted when it changes something.
                Question(
                    state: .loggedInCalled,
                    stamp: 1,
                    call: .login("a"),
                    point: point,
                    current: .loggedIn("b"),
                    verdict: .admit
                ),
            ]
        } + [
            // "Unchanged" is decided at the start only.
            Question(
                state: .loggedInCalled,
                stamp: 1,
                call: .login("a"),
                point: .start,
                current: .loggedIn("a"),
                verdict: .refuse(.unchanged)
            ),
            Question(
                state: .loggedInCalled,
                stamp: 1,
                call: .login("a"),
                point: .arrival,
                current: .loggedIn("a"),
                verdict: .admit
            ),
            Question(
                state: .loggedInCalled,
                stamp: 1,
                call: .login("a"),
                point: .childMade,
                current: .loggedIn("a"),
                verdict: .admit
            ),
            Question(
                state: .logoutAfterLogin,
                stamp: 2,
                call: .logout(.signedOut),
                point: .start,
                current: .loggedOut(.signedOut),
                verdict: .refuse(.unchanged)
            ),
            // A logout to another variant while logged out switches.
            Question(
                state: .logoutAfterLogin,
                stamp: 2,
                call: .logout(.signedOut),
                point: .start,
                current: .loggedOut(soft),
                verdict: .admit
            ),
            Question(
                state: .logoutAfterLogin,
                stamp: 2,
                call: .logout(.signedOut),
                point: .start,
                current: .splash,
                verdict: .admit
            ),
            // A refresh rebuilds only while logged in.
            Question(
                state: .refreshCalled,
                stamp: 1,
                call: .refresh(nil),
                point: .start,
                current: .loggedIn("a"),
                verdict: .admit
            ),
            Question(
                state: .refreshCalled,
                stamp: 1,
                call: .refresh("b"),
                point: .start,
                current: .loggedOut(.signedOut),
                verdict: .refuse(.unchanged)
            ),
            Question(
                state: .refreshCalled,
                stamp: 1,
                call: .refresh(nil),
                point: .start,
                current: .splash,
                verdict: .refuse(.unchanged)
            ),
            // The switching placeholder is not its old session shown: a login back to
            // that session rebuilds it, and so does a refresh.
            Question(
                state: .loggedInCalled,
                stamp: 1,
                call: .login("a"),
                point: .start,
                current: .switching(from: "a"),
                verdict: .admit
            ),
            Question(
                state: .refreshCalled,
                stamp: 1,
                call: .refresh(nil),
                point: .start,
                current: .switching(from: "a"),
                verdict: .admit
            ),
            // start() places its state unless it is already shown.
            Question(
                state: .startCalled,
                stamp: 1,
                call: .start(.loggedIn("a")),
                point: .start,
                current: .splash,
                verdict: .admit
            ),
            Question(
                state: .startCalled,
                stamp: 1,
                call: .start(.loggedOut(.signedOut)),
                point: .start,
                current: .loggedOut(.signedOut),
                verdict: .refuse(.unchanged)
            ),
            // A joined logout's owner stays the newest call.
            Question(
                state: .logoutJoined,
                stamp: 1,
                call: .logout(.signedOut),
                point: .childMade,
                current: .loggedIn("a"),
                verdict: .admit
            ),
        ]

    @Test(arguments: questions)
    func eachAdmissionQuestionGetsItsVerdictAndChangesNothing(_ question: Question) {
        let machine = question.state.make()
        let verdict = machine.admit(question.stamp, question.call, at: question.point, current: question.current)
        #expect(verdict == question.verdict)
        #expect(machine.snapshot == question.state.expected)
    }

    // MARK: - Impossible inputs trap

    /// Stamps `AuthFlow` never reports; each must stop the process with "Internal
    /// inconsistency".
    enum Impossible: String, CaseIterable, Codable, Sendable {
        case callEndedOfAStampNeverIssued
        case callEndedOfStampZero
        case buildStartedOfAStampNeverIssued

        func run() {
            var machine = State.loggedInCalled.make()
            switch self {
            case .callEndedOfAStampNeverIssued: _ = machine.callEnded(2)
            case .callEndedOfStampZero: _ = machine.callEnded(0)
            case .buildStartedOfAStampNeverIssued: _ = machine.buildStarted(5, 1)
            }
        }
    }

    @Test(arguments: Impossible.allCases)
    func anImpossibleInputStopsTheProcess(_ impossible: Impossible) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [impossible] in
            impossible.run()
        }
        expectInternalInconsistency(in: result)
    }
}
