import Testing

@testable import AppFlow

/// `AuthFlow`'s decisions, tested synchronously as tables: each row is a named state, one
/// input, the action the machine must return and the state it must leave; the invariants
/// hold after every row. Sessions and joiners are strings, factory handles integers.
@Suite struct AuthStateMachineTests {
    typealias Machine = AuthStateMachine<String, String, Int, String>
    typealias Snapshot = Machine.Snapshot

    static let soft = LogoutVariant("softLogout")

    /// The states the table starts from, each built from `fresh` by the machine's own inputs.
    enum State: String, CaseIterable, Sendable {
        /// No call yet.
        case fresh
        /// `login("a")` was called (stamp 1).
        case loggedInCalled
        /// As `loginFannedOut`, and its factory runs in scene 1 as handle 10.
        case building
        /// As `loggedInCalled`, and the login has returned.
        case loginEnded
        /// `logout()` was called (stamp 1), with joiner "j0" never used.
        case logoutOnItsWay
        /// As `logoutOnItsWay`, and a second logout joined it as "j1".
        case logoutJoined
        /// As `logoutOnItsWay`, and the logout has returned.
        case logoutEnded
        /// `login("a")` (1), then `logout()` (2).
        case logoutAfterLogin
        /// `logout()` (1), then `login("a")` (2).
        case loginAfterLogout
        /// `login("a")` (1) returned, then `refresh(nil)` (2).
        case refreshCalled
        /// `start()` (1), its provider not answered yet.
        case startCalled
        /// `start()` (1), answered: logged in as "a".
        case startAnsweredLoggedIn
        /// `start()` (1), answered: logged out as the soft variant.
        case startAnsweredSoft
        /// `start()` (1), its provider not answered yet, then `login("b")` (2).
        case loginAfterStart
        /// Scene "s1" attached (scene 1), no call yet.
        case sceneAttached
        /// As `sceneAttached`, then `login("a")` (1) fanned out to scene 1.
        case loginFannedOut
        /// As `loginFannedOut`, and the login began in scene 1: logged in as "a", epoch 1.
        case loginBegun
        /// As `loginBegun`, and the login completed in scene 1 and returned.
        case loggedInWithScene
        /// As `sceneAttached`, and the flow finished.
        case finishedFlow
        /// As `building`, and the flow finished: its factory was returned to cancel.
        case finishedWhileBuilding
        /// As `loggedInWithScene`, then `refresh(nil)` (2) fanned out to scene 1, not begun.
        case refreshFannedOut
        /// `login("a")` (1) run with no scene attached (logged in as "a", epoch 1), then
        /// `logout()` (2) with joiner "j0", not begun: the flow is still in the session the
        /// logout ends.
        case logoutOverSession
        /// `login("a")` (1) run with no scene attached (it began on the flow's place: logged
        /// in as "a", epoch 1, and returned), then `lock(.cover)` (2), not begun: locked over
        /// "a", keeping the session, is its target, decided as it was called.
        case lockOnItsWay
        /// As `lockOnItsWay`, but `lock(.teardown)` (2): its target leaves the session.
        case teardownLockOnItsWay
        /// As `lockOnItsWay`, and the lock ran with no scene and returned: locked over "a",
        /// epoch 1 kept.
        case lockedCover
        /// As `teardownLockOnItsWay`, and the lock ran with no scene and returned: locked
        /// over "a", no epoch.
        case lockedTeardown
        /// As `lockedCover`, then `unlock()` (3), not begun: logged in as "a" is its target.
        case unlockAfterCover
        /// As `lockedTeardown`, then `unlock()` (3), not begun.
        case unlockAfterTeardown
        /// As `unlockAfterCover`, then `lock(.cover)` (4): it beat the unlock; the flow is
        /// locked already, so it locks again as it is.
        case lockAfterUnlock
        /// As `lockOnItsWay`, but `cover()` (2), the privacy cover: covered over "a", the
        /// session kept, is its target, decided as it was called.
        case coverOnItsWay
        /// As `coverOnItsWay`, and the cover ran with no scene and returned: covered over
        /// "a", epoch 1 kept.
        case covered
        /// As `covered`, then `lock(.cover)` (3), not begun: a lock over the privacy cover,
        /// locked over "a" keeping the session is its target; only an unlock lifts it.
        case lockAfterCover
        /// As `startCalled`, then `cover()` (2) with a caller to resume: it joins the start,
        /// which has not begun, and asks it to land under the cover.
        case coverJoinedStart
        /// As `startAnsweredLoggedIn`, then `lock(.teardown)` (2) with a caller to resume: it
        /// joins the start, which now lands on the lock screen.
        case lockJoinedStart
        /// As `startCalled`, and the provider answered locked over "a": a lock called with
        /// the start.
        case startAnsweredLocked
        /// As `coverJoinedStart`, and the start was cancelled before it began anywhere: the
        /// cover stays in force for the next start.
        case coverCarried
        /// As `coverJoinedStart`, and the provider answered logged in as "a"; the start
        /// began with no scene attached: the flow is covered over "a", epoch 1. A scene
        /// that begins it again keeps that epoch.
        case coveredStartBegun

        func make() -> Machine {
            var machine = Machine()
            switch self {
            case .lockOnItsWay, .teardownLockOnItsWay:
                _ = machine.call(.login("a"), joiner: nil)
                State.runAlone(1, .login("a"), in: &machine)
                _ = machine.call(.lock(self == .lockOnItsWay ? .cover : .teardown), joiner: nil)
            case .lockedCover:
                machine = State.lockOnItsWay.make()
                State.runAlone(2, .lock(.cover), in: &machine)
            case .lockedTeardown:
                machine = State.teardownLockOnItsWay.make()
                State.runAlone(2, .lock(.teardown), in: &machine)
            case .unlockAfterCover:
                machine = State.lockedCover.make()
                _ = machine.call(.unlock(since: nil), joiner: nil)
            case .unlockAfterTeardown:
                machine = State.lockedTeardown.make()
                _ = machine.call(.unlock(since: nil), joiner: nil)
            case .lockAfterUnlock:
                machine = State.unlockAfterCover.make()
                _ = machine.call(.lock(.cover), joiner: nil)
            case .coverOnItsWay:
                _ = machine.call(.login("a"), joiner: nil)
                State.runAlone(1, .login("a"), in: &machine)
                _ = machine.call(.lock(.privacy), joiner: nil)
            case .covered:
                machine = State.coverOnItsWay.make()
                State.runAlone(2, .lock(.privacy), in: &machine)
            case .lockAfterCover:
                machine = State.covered.make()
                _ = machine.call(.lock(.cover), joiner: nil)
            case .sceneAttached:
                _ = machine.attach(machine.reserveScene(), "s1")
            case .loginFannedOut:
                machine = State.sceneAttached.make()
                _ = machine.call(.login("a"), joiner: nil)
                _ = machine.fanOut(1, .login("a"))
            case .loginBegun:
                machine = State.loginFannedOut.make()
                _ = machine.admit(1, .login("a"), at: .start, current: .splash)
            case .loggedInWithScene:
                machine = State.loginBegun.make()
                _ = machine.scenesEnded(1, [(AuthSceneID(rawValue: 1), .completed)], followingUp: false)
                _ = machine.callEnded(1, result: .completed)
            case .finishedFlow:
                machine = State.sceneAttached.make()
                _ = machine.finish()
            case .finishedWhileBuilding:
                machine = State.building.make()
                _ = machine.finish()
            case .refreshFannedOut:
                machine = State.loggedInWithScene.make()
                _ = machine.call(.refresh(nil), joiner: nil)
                _ = machine.fanOut(2, .refresh(nil))
            case .logoutOverSession:
                _ = machine.call(.login("a"), joiner: nil)
                State.runAlone(1, .login("a"), in: &machine)
                _ = machine.call(.logout(.signedOut), joiner: "j0")
            case .fresh:
                break
            case .loggedInCalled:
                _ = machine.call(.login("a"), joiner: nil)
            case .building:
                machine = State.loginFannedOut.make()
                _ = machine.buildStarted(1, in: AuthSceneID(rawValue: 1), 10)
            case .loginEnded:
                machine = State.loggedInCalled.make()
                _ = machine.callEnded(1, result: .completed)
            case .logoutOnItsWay:
                _ = machine.call(.logout(.signedOut), joiner: "j0")
            case .logoutJoined:
                machine = State.logoutOnItsWay.make()
                _ = machine.call(.logout(.signedOut), joiner: "j1")
            case .logoutEnded:
                machine = State.logoutOnItsWay.make()
                _ = machine.callEnded(1, result: .completed)
            case .logoutAfterLogin:
                machine = State.loggedInCalled.make()
                _ = machine.call(.logout(.signedOut), joiner: "j0")
            case .loginAfterLogout:
                machine = State.logoutOnItsWay.make()
                _ = machine.call(.login("a"), joiner: nil)
            case .refreshCalled:
                machine = State.loginEnded.make()
                _ = machine.call(.refresh(nil), joiner: nil)
            case .startCalled:
                _ = machine.call(.start, joiner: nil)
            case .startAnsweredLoggedIn:
                machine = State.startCalled.make()
                machine.startAnswered(1, .loggedIn("a"))
            case .startAnsweredSoft:
                machine = State.startCalled.make()
                machine.startAnswered(1, .loggedOut(soft))
            case .loginAfterStart:
                machine = State.startCalled.make()
                _ = machine.call(.login("b"), joiner: nil)
            case .coverJoinedStart:
                machine = State.startCalled.make()
                _ = machine.call(.lock(.privacy), joiner: "g")
            case .lockJoinedStart:
                machine = State.startAnsweredLoggedIn.make()
                _ = machine.call(.lock(.teardown), joiner: "g")
            case .startAnsweredLocked:
                machine = State.startCalled.make()
                machine.startAnswered(1, .locked("a"))
            case .coverCarried:
                machine = State.coverJoinedStart.make()
                _ = machine.callEnded(1, result: .cancelled)
            case .coveredStartBegun:
                machine = State.coverJoinedStart.make()
                machine.startAnswered(1, .loggedIn("a"))
                _ = machine.admit(1, .start, at: .start, current: .splash)
            }
            return machine
        }

        /// Runs call `stamp` with no scene attached: it fans out, is decided on the flow's
        /// place, and returns completed.
        static func runAlone(_ stamp: UInt64, _ call: Machine.Call, in machine: inout Machine) {
            _ = machine.fanOut(stamp, call)
            _ = machine.callEnded(stamp, result: .completed)
        }

        var expected: Snapshot {
            switch self {
            case .lockOnItsWay, .teardownLockOnItsWay:
                let style: Machine.LockKind = self == .lockOnItsWay ? .cover : .teardown
                var snapshot = Snapshot(lastStamp: 2, newest: 2, newestCall: .lock(style))
                snapshot.requestedPhase = .locked("a")
                snapshot.targets = [2: .locked("a", keepsSession: style == .cover)]
                snapshot.hiding = .hidden(.lock(2))
                (snapshot.place, snapshot.sessionEpoch, snapshot.lastEpoch) = (.loggedIn("a"), 1, 1)
                return snapshot
            case .lockedCover:
                var snapshot = State.lockOnItsWay.expected
                (snapshot.newestEnded, snapshot.newestFannedOut, snapshot.targets) = (true, false, [:])
                snapshot.place = .locked("a", keepsSession: true)
                return snapshot
            case .lockedTeardown:
                var snapshot = State.teardownLockOnItsWay.expected
                (snapshot.newestEnded, snapshot.newestFannedOut, snapshot.targets) = (true, false, [:])
                (snapshot.place, snapshot.sessionEpoch) = (.locked("a", keepsSession: false), nil)
                return snapshot
            case .unlockAfterCover, .unlockAfterTeardown:
                var snapshot = (self == .unlockAfterCover ? State.lockedCover : State.lockedTeardown).expected
                (snapshot.lastStamp, snapshot.newest, snapshot.newestCall) = (3, 3, .unlock(since: nil))
                (snapshot.newestEnded, snapshot.newestFannedOut) = (false, false)
                snapshot.requestedPhase = .loggedIn("a")
                snapshot.targets = [3: .loggedIn("a")]
                return snapshot
            case .lockAfterUnlock:
                var snapshot = State.unlockAfterCover.expected
                (snapshot.lastStamp, snapshot.newest, snapshot.newestCall, snapshot.hiding) = (
                    4, 4, .lock(.cover), .hidden(.lock(4))
                )
                // The unlock keeps its target until it returns.
                snapshot.targets = [3: .loggedIn("a"), 4: .locked("a", keepsSession: true)]
                snapshot.requestedPhase = .locked("a")
                return snapshot
            case .coverOnItsWay:
                var snapshot = Snapshot(lastStamp: 2, newest: 2, newestCall: .lock(.privacy))
                snapshot.requestedPhase = .locked("a")
                snapshot.targets = [2: .covered("a")]
                snapshot.hiding = .hidden(.cover(2))
                (snapshot.place, snapshot.sessionEpoch, snapshot.lastEpoch) = (.loggedIn("a"), 1, 1)
                return snapshot
            case .covered:
                var snapshot = State.coverOnItsWay.expected
                (snapshot.newestEnded, snapshot.newestFannedOut, snapshot.targets) = (true, false, [:])
                snapshot.place = .covered("a")
                return snapshot
            case .lockAfterCover:
                var snapshot = State.covered.expected
                (snapshot.lastStamp, snapshot.newest, snapshot.newestCall, snapshot.hiding) = (
                    3, 3, .lock(.cover), .hidden(.lock(3))
                )
                (snapshot.newestEnded, snapshot.newestFannedOut) = (false, false)
                snapshot.targets = [3: .locked("a", keepsSession: true)]
                return snapshot
            case .fresh:
                return Snapshot()
            case .loggedInCalled:
                return Snapshot(lastStamp: 1, newest: 1, newestCall: .login("a"), requestedPhase: .loggedIn("a"))
            case .building:
                var snapshot = State.loginFannedOut.expected
                (snapshot.build, snapshot.buildHandles) = (1, [.init(scene: AuthSceneID(rawValue: 1), handle: 10)])
                return snapshot
            case .loginEnded:
                var snapshot = State.loggedInCalled.expected
                snapshot.newestEnded = true
                return snapshot
            case .logoutOnItsWay:
                return Snapshot(
                    lastStamp: 1,
                    newest: 1,
                    newestCall: .logout(.signedOut),
                    joinableLogout: 1,
                    joinableVariant: .signedOut,
                    requestedPhase: .loggedOut
                )
            case .logoutJoined:
                var snapshot = State.logoutOnItsWay.expected
                snapshot.lastStamp = 2
                snapshot.joiners = [1: ["j1"]]
                return snapshot
            case .logoutEnded:
                var snapshot = State.logoutOnItsWay.expected
                (snapshot.newestEnded, snapshot.joinableLogout, snapshot.joinableVariant) = (true, nil, nil)
                return snapshot
            case .logoutAfterLogin:
                return Snapshot(
                    lastStamp: 2,
                    newest: 2,
                    newestCall: .logout(.signedOut),
                    joinableLogout: 2,
                    joinableVariant: .signedOut,
                    requestedPhase: .loggedOut
                )
            case .loginAfterLogout:
                return Snapshot(
                    lastStamp: 2,
                    newest: 2,
                    newestCall: .login("a"),
                    requestedPhase: .loggedIn("a")
                )
            case .refreshCalled:
                return Snapshot(lastStamp: 2, newest: 2, newestCall: .refresh(nil), requestedPhase: .loggedIn("a"))
            case .startCalled:
                return Snapshot(lastStamp: 1, newest: 1, newestCall: .start)
            case .startAnsweredLoggedIn:
                var snapshot = State.startCalled.expected
                (snapshot.startAnswers, snapshot.requestedPhase) = ([1: .loggedIn("a")], .loggedIn("a"))
                return snapshot
            case .startAnsweredSoft:
                var snapshot = State.startCalled.expected
                (snapshot.startAnswers, snapshot.requestedPhase) = ([1: .loggedOut(soft)], .loggedOut)
                return snapshot
            case .loginAfterStart:
                return Snapshot(lastStamp: 2, newest: 2, newestCall: .login("b"), requestedPhase: .loggedIn("b"))
            case .sceneAttached:
                return Snapshot(scenes: [AuthSceneID(rawValue: 1)], nextScene: 2)
            case .loginFannedOut:
                var snapshot = State.loggedInCalled.expected
                (snapshot.scenes, snapshot.nextScene, snapshot.newestFannedOut) = ([AuthSceneID(rawValue: 1)], 2, true)
                return snapshot
            case .loginBegun:
                var snapshot = State.loginFannedOut.expected
                began(&snapshot, 1, .loggedIn("a"), epoch: 1)
                return snapshot
            case .loggedInWithScene:
                var snapshot = State.loginBegun.expected
                // An ended call no longer counts as fanned out: a scene attached now is placed.
                (snapshot.newestEnded, snapshot.newestFannedOut, snapshot.newestBegun) = (true, false, false)
                return snapshot
            case .finishedFlow:
                var snapshot = State.sceneAttached.expected
                snapshot.isFinished = true
                return snapshot
            case .finishedWhileBuilding:
                var snapshot = State.building.expected
                (snapshot.build, snapshot.buildHandles, snapshot.isFinished) = (nil, [], true)
                return snapshot
            case .refreshFannedOut:
                var snapshot = State.loggedInWithScene.expected
                (snapshot.lastStamp, snapshot.newest, snapshot.newestCall) = (2, 2, .refresh(nil))
                (snapshot.newestEnded, snapshot.newestFannedOut) = (false, true)
                return snapshot
            case .logoutOverSession:
                var snapshot = State.logoutAfterLogin.expected
                (snapshot.place, snapshot.sessionEpoch, snapshot.lastEpoch) = (.loggedIn("a"), 1, 1)
                return snapshot
            case .coverJoinedStart:
                var snapshot = State.startCalled.expected
                (snapshot.lastStamp, snapshot.hiding) = (2, .hidden(.cover(2)))
                snapshot.startGuards = [1: [Machine.StartGuard(kind: .cover, by: 2)]]
                snapshot.guardJoiners = [1: [2: "g"]]
                return snapshot
            case .lockJoinedStart:
                var snapshot = State.startAnsweredLoggedIn.expected
                (snapshot.lastStamp, snapshot.hiding, snapshot.requestedPhase) = (2, .hidden(.lock(2)), .locked("a"))
                snapshot.startGuards = [1: [Machine.StartGuard(kind: .lock(keepsSession: false), by: 2)]]
                snapshot.guardJoiners = [1: [2: "g"]]
                return snapshot
            case .coveredStartBegun:
                var snapshot = State.coverJoinedStart.expected
                (snapshot.startAnswers, snapshot.requestedPhase) = ([1: .loggedIn("a")], .locked("a"))
                AuthStateMachineTests.began(&snapshot, 1, .covered("a"), epoch: 1)
                return snapshot
            case .coverCarried:
                var snapshot = State.coverJoinedStart.expected
                (snapshot.newestEnded, snapshot.startGuards, snapshot.guardJoiners) = (true, [:], [:])
                snapshot.carriedGuards = [Machine.StartGuard(kind: .cover, by: 2)]
                return snapshot
            case .startAnsweredLocked:
                var snapshot = State.startCalled.expected
                (snapshot.startAnswers, snapshot.requestedPhase, snapshot.hiding) = (
                    [1: .locked("a")], .locked("a"), .hidden(.lock(1))
                )
                return snapshot
            }
        }
    }

    @Test func onlyACallThatEndsHavingSwitchedAScreenCountsAsAChange() {
        for result in [TransitionResult.completed, .interrupted, .superseded, .rejected, .cancelled] {
            var machine = State.loggedInCalled.make()
            _ = machine.callEnded(1, result: result)
            #expect(machine.changeCount == (result == .completed || result == .interrupted ? 1 : 0))
        }
        // A call refused as unchanged at its start and then beaten does not count.
        var machine = State.loginFannedOut.make()
        _ = machine.admit(1, .login("a"), at: .start, current: .loggedIn("a"))
        #expect(machine.callEnded(1, result: .superseded).result == .unchanged)
        #expect(machine.changeCount == 0)
        // A start with a joined cover counts once.
        machine = State.coverJoinedStart.make()
        let end = machine.callEnded(1, result: .completed)
        #expect(end.guards.count == 1 && machine.changeCount == 1)
    }

    @Test(arguments: State.allCases)
    func everyNamedStateIsExactlyTheStateItsNameSays(_ state: State) {
        #expect(state.make().snapshot == state.expected)
        #expect(state.make().invariantViolations().isEmpty)
    }

    // MARK: - Inputs that change the state

    enum Input: Sendable, CustomStringConvertible {
        case call(Machine.Call, joiner: String?)
        case startAnswered(UInt64, AuthInitialState<String>)
        case admit(UInt64, Machine.Call, FlowAdmissionPoint, current: AuthPlace<String>)
        case buildStarted(UInt64, in: UInt64, Int)
        /// What call `stamp`'s factory makes: its child, or the switching placeholder.
        case factoryWork(UInt64)
        /// What a call beaten at a scene's arrival gate returns.
        case beatenAtGate(callerCancelled: Bool)
        case callEnded(UInt64, TransitionResult)
        /// A scene is reserved and attached.
        case attach(String)
        case detach(UInt64)
        case fanOut(UInt64, Machine.Call)
        case scenesEnded(UInt64, [UInt64: TransitionResult], followingUp: Bool)
        case finish
        case admitPlacement(UInt64)
        /// A scene that joined call `stamp` was refused.
        case rejoin(UInt64, after: UInt64, TransitionResult)
        /// An admission in a scene whose child belongs to session epoch `epoch`.
        case admitShowing(UInt64, Machine.Call, FlowAdmissionPoint, AuthPlace<String>, epoch: UInt64?)
        /// A newer call reached a scene's container while call `stamp` made its child there:
        /// `building` tells whether its factory builds the child (or the outgoing child
        /// still prepares to leave).
        case admitOvertaken(UInt64, Machine.Call, building: Bool)

        /// A call as rows name it: a lock's style without its type's name.
        static func text(_ call: Machine.Call) -> String {
            if case .lock(let style) = call { return "lock(\(style))" }
            return "\(call)"
        }

        var description: String {
            switch self {
            case .attach(let scene): return "attach(\(scene))"
            case .detach(let scene): return "detach(scene \(scene))"
            case .fanOut(let stamp, let call): return "fanOut(\(stamp), \(Self.text(call)))"
            case .scenesEnded(let stamp, let results, let followingUp):
                let list = results.sorted { $0.key < $1.key }.map { "scene \($0.key): \($0.value)" }
                return "scenesEnded(\(stamp), [\(list.joined(separator: ", "))]\(followingUp ? ", following up" : ""))"
            case .finish: return "finish"
            case .admitPlacement(let stamp): return "admitPlacement(\(stamp))"
            case .rejoin(let scene, let stamp, let result): return "rejoin(scene \(scene), after: \(stamp), \(result))"
            case .admitShowing(let stamp, let call, let point, let current, let epoch):
                return
                    "admit(\(stamp), \(Self.text(call)), at: \(point), showing: \(current) of epoch \(epoch.map(String.init) ?? "none"))"

            case .admitOvertaken(let stamp, let call, let building):
                return "admit(\(stamp), \(Self.text(call)), at: overtaken, \(building ? "building" : "preparing"))"
            case .call(let call, let joiner): return "call(\(Self.text(call)), joiner: \(joiner ?? "none"))"
            case .startAnswered(let stamp, let answer): return "startAnswered(\(stamp), \(answer))"
            case .admit(let stamp, let call, let point, let current):
                return "admit(\(stamp), \(Self.text(call)), at: \(point), showing: \(current))"
            case .buildStarted(let stamp, let scene, let handle):
                return "buildStarted(\(stamp), in: \(scene), \(handle))"
            case .factoryWork(let stamp): return "factoryWork(\(stamp))"
            case .beatenAtGate(let cancelled): return "beatenAtGate(callerCancelled: \(cancelled))"
            case .callEnded(let stamp, let result): return "callEnded(\(stamp), \(result))"
            }
        }
    }

    enum Action: Equatable {
        case call(Machine.CallAction)
        case none
        case admit(Machine.AdmitAction)
        case buildStarted(Machine.BuildAction)
        case callEnded(Machine.EndAction)
        case attach(Machine.AttachAction)
        case detach(String?, cancel: [Int])
        case fanOut(scenes: [String], resolved: TransitionResult?)
        case scenesEnded(followUp: [String], done: TransitionResult?)
        case finished([String], cancel: [Int])
        case placement(Bool)
        case rejoin(Machine.AttachAction?)
        case factoryWork(Machine.FactoryWork)
        case beaten(TransitionResult)
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

    static func end(_ result: AuthResult, _ joiners: [String] = []) -> Action {
        .callEnded(Machine.EndAction(result: result, joiners: joiners))
    }

    static let callRows: [Row] = [
        // Every call takes the next stamp and becomes the newest.
        row(.fresh, .call(.login("a"), joiner: nil), .call(.proceed(1, cancelBuilds: []))) {
            $0 = State.loggedInCalled.expected
        },
        row(.fresh, .call(.logout(.signedOut), joiner: "j"), .call(.proceed(1, cancelBuilds: []))) {
            $0 = State.logoutOnItsWay.expected
        },
        row(.fresh, .call(.start, joiner: nil), .call(.proceed(1, cancelBuilds: []))) {
            $0 = State.startCalled.expected
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
        row(
            .logoutOnItsWay,
            .call(.logout(.signedOut), joiner: nil),
            .call(.proceed(2, cancelBuilds: []))
        ) {
            $0.lastStamp = 2
            $0.newest = 2
            $0.joinableLogout = 2
        },
        row(.logoutOnItsWay, .call(.logout(soft), joiner: "j1"), .call(.proceed(2, cancelBuilds: []))) {
            $0.lastStamp = 2
            $0.newest = 2
            $0.newestCall = .logout(soft)
            $0.joinableLogout = 2
            $0.joinableVariant = soft
        },
        // A call in between ends the joining.
        row(
            .loginAfterLogout,
            .call(.logout(.signedOut), joiner: "j1"),
            .call(.proceed(3, cancelBuilds: []))
        ) {
            $0.lastStamp = 3
            $0.newest = 3
            $0.newestCall = .logout(.signedOut)
            $0.joinableLogout = 3
            $0.joinableVariant = .signedOut
            $0.requestedPhase = .loggedOut
        },
        // A login after a logout is a new login: by call order it decides.
        row(.logoutOnItsWay, .call(.login("a"), joiner: nil), .call(.proceed(2, cancelBuilds: []))) {
            $0 = State.loginAfterLogout.expected
        },
        // Any later call cancels the factory of an older one.
        row(.building, .call(.logout(.signedOut), joiner: "j"), .call(.proceed(2, cancelBuilds: [10]))) {
            $0 = State.logoutAfterLogin.expected
            ($0.scenes, $0.nextScene) = ([AuthSceneID(rawValue: 1)], 2)
        },
        row(.building, .call(.login("b"), joiner: nil), .call(.proceed(2, cancelBuilds: [10]))) {
            $0.lastStamp = 2
            $0.newest = 2
            $0.newestCall = .login("b")
            $0.requestedPhase = .loggedIn("b")
            $0.newestFannedOut = false
            $0.build = nil
            $0.buildHandles = []
        },
        // A refresh never overtakes a call that changes what is shown while it is on its way.
        row(.building, .call(.refresh(nil), joiner: nil), .call(.resolve(.unchanged))) { $0.lastStamp = 2 },
        row(.logoutOnItsWay, .call(.refresh(nil), joiner: nil), .call(.resolve(.unchanged))) { $0.lastStamp = 2 },
        row(.logoutAfterLogin, .call(.refresh("a"), joiner: nil), .call(.resolve(.unchanged))) { $0.lastStamp = 3 },
        row(.startCalled, .call(.refresh(nil), joiner: nil), .call(.resolve(.unchanged))) { $0.lastStamp = 2 },
        // Once that call has returned, a refresh takes its place; a later refresh replaces it.
        row(.loginEnded, .call(.refresh(nil), joiner: nil), .call(.proceed(2, cancelBuilds: []))) {
            $0 = State.refreshCalled.expected
        },
        row(.logoutEnded, .call(.refresh(nil), joiner: nil), .call(.proceed(2, cancelBuilds: []))) {
            $0.lastStamp = 2
            $0.newest = 2
            $0.newestCall = .refresh(nil)
            $0.newestEnded = false
        },
        row(.refreshCalled, .call(.refresh("a"), joiner: nil), .call(.proceed(3, cancelBuilds: []))) {
            $0.lastStamp = 3
            $0.newest = 3
            $0.newestCall = .refresh("a")
        },
        // A start's answer is kept for its admission and plan, and names the phase asked for.
        row(.startCalled, .startAnswered(1, .loggedIn("a")), .none) { $0 = State.startAnsweredLoggedIn.expected },
        row(.startCalled, .startAnswered(1, .loggedOut(soft)), .none) { $0 = State.startAnsweredSoft.expected },
        // An overtaken start's answer changes nothing the newest call asked for.
        row(.loginAfterStart, .startAnswered(1, .loggedOut(soft)), .none) { $0.startAnswers = [1: .loggedOut(soft)] },
    ]

    static let buildAndEndRows: [Row] = [
        // A factory of the newest call is kept in a scene attached; one of an overtaken call
        // is cancelled at once, as is one in a scene not attached (detached before its
        // factory started: its detach had nothing to cancel).
        row(.loginFannedOut, .buildStarted(1, in: 1, 10), .buildStarted(.keep)) { $0 = State.building.expected },
        row(.logoutAfterLogin, .buildStarted(1, in: 1, 10), .buildStarted(.cancel(10))),
        row(.loginFannedOut, .buildStarted(1, in: 2, 10), .buildStarted(.cancel(10))),
        row(.loggedInCalled, .buildStarted(1, in: 1, 10), .buildStarted(.cancel(10))),
        // A call's end resumes the logouts that joined it, with its result, and forgets
        // its factory.
        row(.logoutJoined, .callEnded(1, .completed), end(.completed, ["j1"])) {
            $0.joiners = [:]
            $0.joinableLogout = nil
            $0.joinableVariant = nil
            $0.newestEnded = true
        },
        row(.logoutJoined, .callEnded(1, .cancelled), end(.cancelled, ["j1"])) {
            $0.joiners = [:]
            $0.joinableLogout = nil
            $0.joinableVariant = nil
            $0.newestEnded = true
        },
        // An ended call keeps its factories: a late scene's may still build.
        row(.building, .callEnded(1, .interrupted), end(.interrupted)) {
            ($0.newestEnded, $0.newestFannedOut) = (true, false)
        },
        row(.logoutAfterLogin, .callEnded(1, .superseded), end(.superseded)),
        row(.loginAfterLogout, .callEnded(1, .superseded), end(.superseded)) {
            $0.joinableLogout = nil
            $0.joinableVariant = nil
        },
        row(.startAnsweredLoggedIn, .callEnded(1, .completed), end(.completed)) {
            $0.startAnswers = [:]
            $0.newestEnded = true
        },
    ]

    static let admissionRows: [Row] =
        [FlowAdmissionPoint.arrival, .start, .childMade].flatMap { point in
            [
                // An overtaken call is refused at every point, whatever is shown.
                row(.logoutAfterLogin, .admit(1, .login("a"), point, current: .splash), .admit(.refuse(.superseded))),
                row(
                    .loginAfterLogout,
                    .admit(1, .logout(.signedOut), point, current: .loggedIn("a")),
                    .admit(.refuse(.superseded))
                ),
                // The newest call is admitted when it changes something.
                row(.loggedInCalled, .admit(1, .login("a"), point, current: .loggedIn("b")), .admit(.admit)) {
                    if point == .start { began(&$0, 1, .loggedIn("a"), epoch: 1) }
                },
                // A joined logout's owner stays the newest call.
                row(
                    .logoutJoined,
                    .admit(1, .logout(.signedOut), point, current: .loggedIn("a")),
                    .admit(.admit)
                ) { if point == .start { began(&$0, 1, .loggedOut(.signedOut), epoch: nil) } },
            ]
        } + [
            // "Unchanged" is decided at the start only, and remembered for the result. The
            // flow still goes where the call goes: the scene shows it already.
            row(.loggedInCalled, .admit(1, .login("a"), .start, current: .loggedIn("a")), .admit(.refuse(.unchanged))) {
                $0.unchangedCalls = [1]
                began(&$0, 1, .loggedIn("a"), epoch: 1)
            },
            row(.loggedInCalled, .admit(1, .login("a"), .arrival, current: .loggedIn("a")), .admit(.admit)),
            row(.loggedInCalled, .admit(1, .login("a"), .childMade, current: .loggedIn("a")), .admit(.admit)),
            row(
                .logoutAfterLogin,
                .admit(2, .logout(.signedOut), .start, current: .loggedOut(.signedOut)),
                .admit(.refuse(.unchanged))
            ) {
                $0.unchangedCalls = [2]
                began(&$0, 2, .loggedOut(.signedOut), epoch: nil)
            },
            // A logout to another variant while logged out switches.
            row(.logoutAfterLogin, .admit(2, .logout(.signedOut), .start, current: .loggedOut(soft)), .admit(.admit)) {
                began(&$0, 2, .loggedOut(.signedOut), epoch: nil)
            },
            row(.logoutAfterLogin, .admit(2, .logout(.signedOut), .start, current: .splash), .admit(.admit)) {
                began(&$0, 2, .loggedOut(.signedOut), epoch: nil)
            },
            // A refresh rebuilds only the session shown.
            row(.refreshCalled, .admit(2, .refresh(nil), .start, current: .loggedIn("a")), .admit(.admit)) {
                began(&$0, 2, .loggedIn("a"), epoch: 1)
            },
            row(.refreshCalled, .admit(2, .refresh("a"), .start, current: .loggedIn("a")), .admit(.admit)) {
                began(&$0, 2, .loggedIn("a"), epoch: 1)
            },
            row(.refreshCalled, .admit(2, .refresh("b"), .start, current: .loggedIn("a")), .admit(.refuse(.unchanged)))
            {
                $0.unchangedCalls = [2]
            },
            // A refresh from a start on its way is refused at once (a call row); one made
            // after a login to another account that has not begun is refused at its start.
            row(.loginAfterStart, .admit(1, .start, .start, current: .splash), .admit(.refuse(.superseded))),
            row(
                .refreshCalled,
                .admit(2, .refresh("b"), .start, current: .loggedOut(.signedOut)),
                .admit(.refuse(.unchanged))
            ) { $0.unchangedCalls = [2] },
            row(.refreshCalled, .admit(2, .refresh(nil), .start, current: .splash), .admit(.refuse(.unchanged))) {
                $0.unchangedCalls = [2]
            },
            // The switching placeholder is not its old session shown: a login back to
            // that session rebuilds it, and so does a refresh.
            row(.loggedInCalled, .admit(1, .login("a"), .start, current: .switching(from: "a")), .admit(.admit)) {
                began(&$0, 1, .loggedIn("a"), epoch: 1)
            },
            row(.refreshCalled, .admit(2, .refresh(nil), .start, current: .switching(from: "a")), .admit(.admit)) {
                began(&$0, 2, .loggedIn("a"), epoch: 1)
            },
            // start() places its state unless it is already shown.
            row(.startAnsweredLoggedIn, .admit(1, .start, .start, current: .splash), .admit(.admit)) {
                began(&$0, 1, .loggedIn("a"), epoch: 1)
            },
            row(.startAnsweredSoft, .admit(1, .start, .start, current: .loggedOut(.signedOut)), .admit(.admit)) {
                began(&$0, 1, .loggedOut(soft), epoch: nil)
            },
            row(.startAnsweredSoft, .admit(1, .start, .start, current: .loggedOut(soft)), .admit(.refuse(.unchanged))) {
                $0.unchangedCalls = [1]
                began(&$0, 1, .loggedOut(soft), epoch: nil)
            },
        ]

    /// Call `stamp` began: the flow's place moved to `place`, in session epoch `epoch`
    /// (a new one, the first, for a logged-in place).
    static func began(_ expected: inout Snapshot, _ stamp: UInt64, _ place: AuthPlace<String>, epoch: UInt64?) {
        expected.newestBegun = stamp == expected.newest
        expected.place = place
        expected.sessionEpoch = epoch
        expected.lastEpoch = max(expected.lastEpoch, epoch ?? 0)
    }

    /// A call overtaken, not refused as unchanged, returns `superseded`.
    static let unchangedEndRows: [Row] = [
        row(.refreshCalled, .callEnded(2, .superseded), end(.superseded)) { $0.newestEnded = true }
    ]

    static let one = AuthSceneID(rawValue: 1)
    static let two = AuthSceneID(rawValue: 2)
    /// The route of a login under the default configuration.
    static let loginRoute = Machine.route(.login("a"), AuthFlowConfiguration(), hasServices: false)

    /// Scenes: where an attached scene starts, where a call runs, how it ends.
    static let sceneRows: [Row] = [
        // Before any call a scene waits for the first call; so does one attached while the
        // newest call has not fanned out yet (its fan-out will include it).
        row(.fresh, .attach("s1"), .attach(.wait(one))) { $0 = State.sceneAttached.expected },
        row(.loggedInCalled, .attach("s1"), .attach(.wait(one))) {
            ($0.scenes, $0.nextScene) = ([one], 2)
        },
        // Attached while a login that fanned out is on its way, it joins the login, by the
        // login's route.
        row(.loginFannedOut, .attach("s2"), .attach(.join(two, 1, .login("a"), loginRoute))) {
            ($0.scenes, $0.nextScene) = ([one, two], 3)
        },
        // Attached once the login ended, it is placed where the flow is, in its epoch.
        row(.loggedInWithScene, .attach("s2"), .attach(.place(two, 1, .loggedIn("a"), epoch: 1, origin: .login))) {
            ($0.scenes, $0.nextScene) = ([one, two], 3)
        },
        // Attached while a refresh is on its way, it is placed where the flow is: a refresh
        // keeps the session, and has nothing for a new scene to join.
        row(.refreshFannedOut, .attach("s2"), .attach(.place(two, 2, .loggedIn("a"), epoch: 1, origin: .login))) {
            ($0.scenes, $0.nextScene) = ([one, two], 3)
        },
        // A placement is admitted only while the call it was decided under is the newest.
        row(.loggedInWithScene, .admitPlacement(1), .placement(true)),
        row(.finishedFlow, .admitPlacement(0), .placement(false)),
        // A call fans out to the scenes attached; with none, it is decided on the flow's
        // place alone; after finish() it is cancelled.
        row(.loginFannedOut, .fanOut(1, .login("a")), .fanOut(scenes: ["s1"], resolved: nil)),
        row(.loggedInCalled, .fanOut(1, .login("a")), .fanOut(scenes: [], resolved: .completed)) {
            $0.newestFannedOut = true
            began(&$0, 1, .loggedIn("a"), epoch: 1)
        },
        // A call that began, cancelled in a scene before it began there, is followed up
        // there once; a follow-up is never followed up.
        row(
            .loginBegun,
            .scenesEnded(1, [1: .cancelled], followingUp: false),
            .scenesEnded(followUp: ["s1"], done: nil)
        ),
        row(
            .loginBegun,
            .scenesEnded(1, [1: .cancelled], followingUp: true),
            .scenesEnded(followUp: [], done: .cancelled)
        ),
        // A call that never began is not followed up: cancelled before anything ran.
        row(
            .loginFannedOut,
            .scenesEnded(1, [1: .cancelled], followingUp: false),
            .scenesEnded(followUp: [], done: .cancelled)
        ),
        // A detached scene's result does not count while an attached one's does.
        row(
            .loginBegun,
            .scenesEnded(1, [1: .completed, 7: .interrupted], followingUp: false),
            .scenesEnded(followUp: [], done: .completed)
        ),
        // Detaching returns the scene once; finish returns every scene.
        row(.sceneAttached, .detach(1), .detach("s1", cancel: [])) { $0.scenes = [] },
        row(.sceneAttached, .detach(2), .detach(nil, cancel: [])),
        // Detaching a scene returns the newest call's factory there, to cancel: the scene
        // shows nothing more.
        row(.building, .detach(1), .detach("s1", cancel: [10])) {
            ($0.build, $0.buildHandles, $0.scenes) = (nil, [], [])
        },
        row(.building, .detach(2), .detach(nil, cancel: [])),
        row(.sceneAttached, .finish, .finished(["s1"], cancel: [])) { $0.isFinished = true },
        // Finishing returns the newest call's factories still building, to cancel; one that
        // starts later is cancelled as it starts, in a scene still attached too.
        row(.building, .finish, .finished(["s1"], cancel: [10])) { $0 = State.finishedWhileBuilding.expected },
        row(.finishedWhileBuilding, .finish, .finished(["s1"], cancel: [])),
        row(.finishedWhileBuilding, .buildStarted(1, in: 1, 11), .buildStarted(.cancel(11))),
        // A finished flow places no scene, and begins nothing.
        row(.finishedFlow, .attach("s2"), .attach(.wait(two))) { ($0.scenes, $0.nextScene) = ([one, two], 3) },
        // A scene that joined a call which ended before it got there goes where the flow
        // is; while the call runs, or after a newer one, there is nothing to do.
        row(
            .loggedInWithScene,
            .rejoin(1, after: 1, .superseded),
            .rejoin(.place(one, 1, .loggedIn("a"), epoch: 1, origin: .login))
        ),
        row(.loginBegun, .rejoin(1, after: 1, .superseded), .rejoin(nil)),
        row(.loggedInWithScene, .rejoin(1, after: 1, .completed), .rejoin(nil)),
        row(.loggedInWithScene, .rejoin(2, after: 1, .superseded), .rejoin(nil)),
        // A call that ended takes no more turns.
        row(.loggedInWithScene, .admit(1, .login("a"), .start, current: .splash), .admit(.refuse(.superseded))),
    ]

    /// App lock: a lock's or an unlock's target is decided as it is called, from the flow's
    /// place; it takes its place in call order like a login or a logout.
    static let lockRows: [Row] = [
        // A lock never beats a logout on its way, even one that has yet to begin.
        row(.logoutOverSession, .call(.lock(.cover), joiner: nil), .call(.resolve(.unchanged))) { $0.lastStamp = 3 },
        // A lock locks the session the flow is in when it is called, in its style.
        row(
            .loggedInWithScene,
            .call(.lock(.teardown), joiner: nil),
            .call(.proceed(2, cancelBuilds: []))
        ) {
            ($0.lastStamp, $0.newest, $0.newestCall, $0.newestEnded, $0.newestFannedOut) = (
                2, 2, .lock(.teardown), false, false
            )
            ($0.requestedPhase, $0.targets, $0.hiding) = (
                .locked("a"), [2: .locked("a", keepsSession: false)], .hidden(.lock(2))
            )
        },
        // With nothing to lock (at the splash: the login on its way has not begun) it has no
        // target, and still beats the calls before it: their factory is cancelled, and the
        // flow stays where it is.
        row(.building, .call(.lock(.cover), joiner: nil), .call(.proceed(2, cancelBuilds: [10]))) {
            ($0.lastStamp, $0.newest, $0.newestCall, $0.hiding) = (2, 2, .lock(.cover), .hidden(.lock(2)))
            $0.newestFannedOut = false
            ($0.build, $0.buildHandles, $0.requestedPhase) = (nil, [], .splash)
        },
        row(.unlockAfterCover, .call(.lock(.cover), joiner: nil), .call(.proceed(4, cancelBuilds: []))) {
            $0 = State.lockAfterUnlock.expected
        },
        // A lock beats an unlock called before it: the unlock is stale everywhere...
        row(
            .lockAfterUnlock,
            .admit(3, .unlock(since: nil), .start, current: .locked("a", keepsSession: true)),
            .admit(.refuse(.superseded))
        ),
        row(.lockAfterUnlock, .callEnded(3, .superseded), end(.superseded)) { $0.targets[3] = nil },
        // ...and the lock, locked already, is unchanged where the lock screen shows, though
        // it begins: the flow stays locked...
        row(
            .lockAfterUnlock,
            .admit(4, .lock(.cover), .start, current: .locked("a", keepsSession: true)),
            .admit(.refuse(.unchanged))
        ) { ($0.unchangedCalls, $0.newestBegun) = ([4], true) },
        row(.lockAfterUnlock, .fanOut(4, .lock(.cover)), .fanOut(scenes: [], resolved: .superseded)) {
            ($0.unchangedCalls, $0.newestBegun, $0.newestFannedOut) = ([4], true, true)
        },
        // ...while a scene the first lock never reached, still showing the session, locks.
        row(.lockAfterUnlock, .admit(4, .lock(.cover), .start, current: .loggedIn("a")), .admit(.admit)) {
            $0.newestBegun = true
        },
        // A cover lock keeps the session's epoch; a teardown lock leaves the session.
        row(.lockOnItsWay, .admit(2, .lock(.cover), .start, current: .loggedIn("a")), .admit(.admit)) {
            began(&$0, 2, .locked("a", keepsSession: true), epoch: 1)
        },
        row(.teardownLockOnItsWay, .admit(2, .lock(.teardown), .start, current: .loggedIn("a")), .admit(.admit)) {
            began(&$0, 2, .locked("a", keepsSession: false), epoch: nil)
        },
        // With no scene, a lock is decided on the flow's place.
        row(.lockOnItsWay, .fanOut(2, .lock(.cover)), .fanOut(scenes: [], resolved: .completed)) {
            $0.newestFannedOut = true
            began(&$0, 2, .locked("a", keepsSession: true), epoch: 1)
        },
        // A lock refused as unchanged in a scene that shows a lock screen already still
        // moves the flow's place: it began.
        row(
            .lockOnItsWay,
            .admit(2, .lock(.cover), .start, current: .locked("a", keepsSession: true)),
            .admit(.refuse(.unchanged))
        ) {
            $0.unchangedCalls = [2]
            began(&$0, 2, .locked("a", keepsSession: true), epoch: 1)
        },
        row(
            .teardownLockOnItsWay,
            .admit(2, .lock(.teardown), .start, current: .locked("a", keepsSession: false)),
            .admit(.refuse(.unchanged))
        ) {
            $0.unchangedCalls = [2]
            began(&$0, 2, .locked("a", keepsSession: false), epoch: nil)
        },
        // Only this very lock screen is unchanged: a cover lock screen (an unlock that
        // began elsewhere left it in this scene) goes with the child it hides, for a
        // teardown lock, and so does one of a session the flow has left, for a cover lock.
        row(
            .teardownLockOnItsWay,
            .admit(2, .lock(.teardown), .start, current: .locked("a", keepsSession: true)),
            .admit(.admit)
        ) { began(&$0, 2, .locked("a", keepsSession: false), epoch: nil) },
        row(
            .lockOnItsWay,
            .admitShowing(2, .lock(.cover), .start, .locked("a", keepsSession: true), epoch: 2),
            .admit(.admit)
        ) { began(&$0, 2, .locked("a", keepsSession: true), epoch: 1) },
        // An unlock after a cover lock keeps the epoch; after a teardown lock it enters the
        // session anew.
        row(
            .unlockAfterCover,
            .admit(3, .unlock(since: nil), .start, current: .locked("a", keepsSession: true)),
            .admit(.admit)
        ) { began(&$0, 3, .loggedIn("a"), epoch: 1) },
        row(
            .unlockAfterTeardown,
            .admit(3, .unlock(since: nil), .start, current: .locked("a", keepsSession: false)),
            .admit(.admit)
        ) { began(&$0, 3, .loggedIn("a"), epoch: 2) },
        // A scene that still shows the session's child, of its epoch, is unchanged; a child
        // of the session a teardown lock left is rebuilt.
        row(
            .unlockAfterCover,
            .admitShowing(3, .unlock(since: nil), .start, .loggedIn("a"), epoch: 1),
            .admit(.refuse(.unchanged))
        ) {
            $0.unchangedCalls = [3]
            began(&$0, 3, .loggedIn("a"), epoch: 1)
        },
        row(
            .unlockAfterTeardown,
            .admitShowing(3, .unlock(since: nil), .start, .loggedIn("a"), epoch: 1),
            .admit(.admit)
        ) { began(&$0, 3, .loggedIn("a"), epoch: 2) },
        // An unlock while logged in goes where the flow is: unchanged where the session is
        // shown, it brings back a scene left on the lock screen.
        row(
            .loggedInWithScene,
            .call(.unlock(since: nil), joiner: nil),
            .call(.proceed(2, cancelBuilds: []))
        ) {
            ($0.lastStamp, $0.newest, $0.newestCall, $0.targets) = (2, 2, .unlock(since: nil), [2: .loggedIn("a")])
            ($0.newestEnded, $0.newestFannedOut) = (false, false)
        },
        // An unlock whose authentication began before the newest lock is superseded at once
        // and takes no place in call order; one that began after it unlocks.
        row(.lockAfterUnlock, .call(.unlock(since: 2), joiner: nil), .call(.resolve(.superseded))) {
            $0.lastStamp = 5
        },
        row(.lockedCover, .call(.unlock(since: 1), joiner: nil), .call(.resolve(.superseded))) { $0.lastStamp = 3 },
        row(.lockedCover, .call(.unlock(since: 2), joiner: nil), .call(.proceed(3, cancelBuilds: []))) {
            $0 = State.unlockAfterCover.expected
            $0.newestCall = .unlock(since: 2)
        },
        // A refresh never overtakes a lock or an unlock on its way.
        row(.lockOnItsWay, .call(.refresh(nil), joiner: nil), .call(.resolve(.unchanged))) { $0.lastStamp = 3 },
        row(.unlockAfterCover, .call(.refresh("a"), joiner: nil), .call(.resolve(.unchanged))) { $0.lastStamp = 4 },
        // A call's end forgets its target.
        row(.unlockAfterCover, .callEnded(3, .completed), end(.completed)) {
            ($0.newestEnded, $0.targets) = (true, [:])
        },
        // A scene attached while locked is placed on the lock screen, in the epoch it keeps.
        row(
            .lockedCover,
            .attach("s1"),
            .attach(.place(one, 2, .locked("a", keepsSession: true), epoch: 1, origin: .lock))
        ) { ($0.scenes, $0.nextScene) = ([one], 2) },
        row(
            .lockedTeardown,
            .attach("s1"),
            .attach(.place(one, 2, .locked("a", keepsSession: false), epoch: nil, origin: .lock))
        ) { ($0.scenes, $0.nextScene) = ([one], 2) },
    ]

    /// The privacy cover (`cover()`): it covers only a session shown or covered, never
    /// overtakes a real lock on its way, and only `uncover()` lifts it, unless a lock was
    /// called after it.
    static let coverRows: [Row] = [
        // Covered already, it covers again as the flow is (for a scene the last cover never
        // reached): a target, and the newest cover.
        row(.covered, .call(.lock(.privacy), joiner: nil), .call(.proceed(3, cancelBuilds: []))) {
            ($0.lastStamp, $0.newest, $0.newestCall, $0.newestEnded, $0.newestFannedOut) = (
                3, 3, .lock(.privacy), false, false
            )
            ($0.targets, $0.hiding) = ([3: .covered("a")], .hidden(.cover(3)))
        },
        // With nothing to cover (locked), or with a real lock on its way, it is unchanged at
        // once; it still counts as called, for the unlock attempts.
        row(.lockedCover, .call(.lock(.privacy), joiner: nil), .call(.resolve(.unchanged))) {
            ($0.lastStamp, $0.hiding) = (3, .coverCalled(3, over: .lock(2)))
        },
        row(.lockOnItsWay, .call(.lock(.privacy), joiner: nil), .call(.resolve(.unchanged))) {
            ($0.lastStamp, $0.hiding) = (3, .coverCalled(3, over: .lock(2)))
        },
        // A logout on its way ends the session anyway: a cover called before it began, with
        // the flow still in the session, never beats it.
        row(.logoutOverSession, .call(.lock(.privacy), joiner: nil), .call(.resolve(.unchanged))) {
            ($0.lastStamp, $0.hiding) = (3, .coverCalled(3, over: .nothing))
        },
        // An unlock attempt begun before the cover was called is superseded at once.
        row(.covered, .call(.unlock(since: 1), joiner: nil), .call(.resolve(.superseded))) { $0.lastStamp = 3 },
        // The uncover goes back to the session covered, in its epoch...
        row(.covered, .call(.uncover, joiner: nil), .call(.proceed(3, cancelBuilds: []))) {
            ($0.lastStamp, $0.newest, $0.newestCall, $0.newestEnded, $0.newestFannedOut) = (
                3, 3, .uncover, false, false
            )
            ($0.targets, $0.requestedPhase) = ([3: .loggedIn("a")], .loggedIn("a"))
        },
        // ...but not after a lock called after the cover: that lock needs an unlock.
        row(.lockAfterCover, .call(.uncover, joiner: nil), .call(.resolve(.unchanged))) { $0.lastStamp = 4 },
        // The cover is unchanged where the scene shows it already, and still begins.
        row(.coverOnItsWay, .admit(2, .lock(.privacy), .start, current: .covered("a")), .admit(.refuse(.unchanged))) {
            $0.unchangedCalls = [2]
            began(&$0, 2, .covered("a"), epoch: 1)
        },
        row(.coverOnItsWay, .admit(2, .lock(.privacy), .start, current: .loggedIn("a")), .admit(.admit)) {
            began(&$0, 2, .covered("a"), epoch: 1)
        },
        // A lock replaces the privacy cover, keeping the session's epoch.
        row(.lockAfterCover, .admit(3, .lock(.cover), .start, current: .covered("a")), .admit(.admit)) {
            began(&$0, 3, .locked("a", keepsSession: true), epoch: 1)
        },
        // A scene attached while covered is placed on the privacy cover, in its epoch.
        row(.covered, .attach("s1"), .attach(.place(one, 2, .covered("a"), epoch: 1, origin: .cover))) {
            ($0.scenes, $0.nextScene) = ([one], 2)
        },
    ]

    static let rows =
        callRows + buildAndEndRows + admissionRows + unchangedEndRows + sceneRows + lockRows + coverRows

    static func apply(_ input: Input, to machine: inout Machine) -> Action {
        switch input {
        case .call(let call, let joiner): return .call(machine.call(call, joiner: joiner))
        case .startAnswered(let stamp, let answer):
            machine.startAnswered(stamp, answer)
            return .none
        case .admit(let stamp, let call, let point, let current):
            return .admit(machine.admit(stamp, call, at: point, current: current))
        case .buildStarted(let stamp, let scene, let handle):
            return .buildStarted(machine.buildStarted(stamp, in: AuthSceneID(rawValue: scene), handle))
        case .factoryWork(let stamp): return .factoryWork(machine.factoryWork(stamp))
        case .beatenAtGate(let cancelled): return .beaten(machine.beatenAtGate(callerCancelled: cancelled))
        case .callEnded(let stamp, let result): return .callEnded(machine.callEnded(stamp, result: result))
        case .attach(let scene): return .attach(machine.attach(machine.reserveScene(), scene))
        case .detach(let id):
            let (scene, cancelled) = machine.detach(AuthSceneID(rawValue: id))
            return .detach(scene, cancel: cancelled)
        case .fanOut(let stamp, let call):
            switch machine.fanOut(stamp, call) {
            case .run(let scenes): return .fanOut(scenes: scenes.map(\.scene), resolved: nil)
            case .resolved(let result): return .fanOut(scenes: [], resolved: result)
            }
        case .scenesEnded(let stamp, let results, let followingUp):
            let list = results.sorted { $0.key < $1.key }.map { (AuthSceneID(rawValue: $0.key), $0.value) }
            switch machine.scenesEnded(stamp, list, followingUp: followingUp) {
            case .followUp(let scenes): return .scenesEnded(followUp: scenes.map(\.scene), done: nil)
            case .done(let result): return .scenesEnded(followUp: [], done: result)
            }
        case .finish:
            let (scenes, cancelled) = machine.finish()
            return .finished(scenes.map(\.scene), cancel: cancelled)
        case .admitPlacement(let stamp): return .placement(machine.admitPlacement(stamp))
        case .rejoin(let scene, let stamp, let result):
            return .rejoin(machine.rejoin(AuthSceneID(rawValue: scene), after: stamp, result: result))
        case .admitShowing(let stamp, let call, let point, let current, let epoch):
            return .admit(machine.admit(stamp, call, at: point, current: current, currentEpoch: epoch))
        case .admitOvertaken(let stamp, let call, let building):
            return .admit(
                machine.admit(stamp, call, at: .overtaken, current: .loggedOut(.signedOut), building: building)
            )
        }
    }

    @Test(arguments: rows)
    func eachInputReturnsItsActionAndLeavesItsState(_ row: Row) {
        var machine = row.state.make()
        var expected = machine.snapshot
        row.expected.change(&expected)
        let action = Self.apply(row.input, to: &machine)
        #expect(action == row.expected.action)
        #expect(machine.snapshot == expected)
        #expect(machine.invariantViolations().isEmpty)
    }

    @Test func aCallRefusedAsUnchangedAtItsStartReturnsUnchanged() {
        var machine = State.loggedInCalled.make()
        #expect(machine.admit(1, .login("a"), at: .start, current: .loggedIn("a")) == .refuse(.unchanged))
        #expect(machine.callEnded(1, result: .superseded) == .init(result: .unchanged, joiners: []))
        #expect(machine.snapshot.unchangedCalls.isEmpty)
    }

    // MARK: - Plans, releases and animations: questions that change nothing

    /// One question about a call: state, stamp, call, what is shown, and the plan.
    struct PlanQuestion: Sendable, CustomTestStringConvertible {
        let state: State
        let stamp: UInt64
        let call: Machine.Call
        let current: AuthPlace<String>
        let plan: Machine.Plan
        var testDescription: String { "\(state): plan of #\(stamp) \(call) showing \(current)" }
    }

    static let planQuestions: [PlanQuestion] = [
        PlanQuestion(
            state: .loggedInCalled,
            stamp: 1,
            call: .login("a"),
            current: .loggedOut(.signedOut),
            plan: .init(phase: .loggedIn("a"), origin: .login, direction: .login, prepares: true)
        ),
        // The placeholder's session child prepared before it was released...
        PlanQuestion(
            state: .loggedInCalled,
            stamp: 1,
            call: .login("b"),
            current: .switching(from: "a"),
            plan: .init(phase: .loggedIn("b"), origin: .login, direction: .login, prepares: false)
        ),
        // ...but a logout's own preparation (the server-side logout) still runs.
        PlanQuestion(
            state: .logoutAfterLogin,
            stamp: 2,
            call: .logout(soft),
            current: .switching(from: "a"),
            plan: .init(phase: .loggedOut, logoutVariant: soft, origin: .logout, direction: .logout, prepares: true)
        ),
        PlanQuestion(
            state: .refreshCalled,
            stamp: 2,
            call: .refresh(nil),
            current: .loggedIn("a"),
            plan: .init(phase: .loggedIn("a"), origin: .refresh, direction: .login, prepares: true)
        ),
        PlanQuestion(
            state: .startAnsweredSoft,
            stamp: 1,
            call: .start,
            current: .splash,
            plan: .init(phase: .loggedOut, logoutVariant: soft, origin: .start, direction: .logout, prepares: true)
        ),
        PlanQuestion(
            state: .startAnsweredLoggedIn,
            stamp: 1,
            call: .start,
            current: .splash,
            plan: .init(phase: .loggedIn("a"), origin: .start, direction: .login, prepares: true)
        ),
        // A cover lock hides the child as it is, in the session's epoch, and keeps it...
        PlanQuestion(
            state: .lockOnItsWay,
            stamp: 2,
            call: .lock(.cover),
            current: .loggedIn("a"),
            plan: .init(
                phase: .locked("a"),
                origin: .lock,
                direction: .logout,
                prepares: false,
                epoch: 1,
                coveredChild: .kept
            )
        ),
        // ...a teardown lock lets it prepare to go, and its lock screen is of no session.
        PlanQuestion(
            state: .teardownLockOnItsWay,
            stamp: 2,
            call: .lock(.teardown),
            current: .loggedIn("a"),
            plan: .init(phase: .locked("a"), origin: .lock, direction: .logout, prepares: true)
        ),
        // An unlock shows the session again: the kept child if there is one, nothing prepares.
        PlanQuestion(
            state: .unlockAfterCover,
            stamp: 3,
            call: .unlock(since: nil),
            current: .locked("a", keepsSession: true),
            plan: .init(
                phase: .loggedIn("a"),
                origin: .unlock,
                direction: .login,
                prepares: false,
                epoch: 1,
                coveredChild: .shownAgain
            )
        ),
        // The privacy cover shows over the child as it is and keeps it, in its epoch.
        PlanQuestion(
            state: .coverOnItsWay,
            stamp: 2,
            call: .lock(.privacy),
            current: .loggedIn("a"),
            plan: .init(
                phase: .locked("a"),
                origin: .cover,
                direction: .logout,
                prepares: false,
                epoch: 1,
                coveredChild: .kept,
                isPrivacyCover: true
            )
        ),
    ]

    @Test(arguments: planQuestions)
    func eachCallIsPlannedAsItsRowSaysAndThePlanChangesNothing(_ question: PlanQuestion) {
        let machine = question.state.make()
        #expect(machine.plan(question.stamp, question.call, current: question.current) == question.plan)
        #expect(machine.snapshot == question.state.expected)
    }

    @Test func aStartTakesTheStartAnimationThenTheOneOfItsDirection() {
        #expect(State.startAnsweredLoggedIn.make().animations(for: 1, .start) == [.start, .login])
        #expect(State.startAnsweredSoft.make().animations(for: 1, .start) == [.start, .logout])
        // A start under the privacy cover places it at once; one on the lock screen as a logout.
        #expect(State.coveredStartBegun.make().animations(for: 1, .start) == [.immediate])
        #expect(State.startAnsweredLocked.make().animations(for: 1, .start) == [.start, .logout])
        #expect(State.loggedInCalled.make().animations(for: 1, .login("a")) == [.login])
        #expect(State.refreshCalled.make().animations(for: 2, .refresh(nil)) == [.login])
        #expect(State.logoutOnItsWay.make().animations(for: 1, .logout(Self.soft)) == [.logout])
        #expect(State.lockOnItsWay.make().animations(for: 2, .lock(.cover)) == [.logout])
        #expect(State.unlockAfterTeardown.make().animations(for: 3, .unlock(since: nil)) == [.login])
        #expect(State.coverOnItsWay.make().animations(for: 2, .lock(.privacy)) == [.immediate])
    }

    /// Only the privacy cover cuts a running transition short; a scene keeps the child a
    /// lock hid after a cover lock or the privacy cover, and lets it go after any other call.
    @Test func onlyThePrivacyCoverInterruptsAndOnlyACoverKeepsTheHiddenChild() {
        let calls: [Machine.Call] = [
            .start, .login("a"), .logout(.signedOut), .refresh(nil), .lock(.cover), .lock(.teardown),
            .lock(.privacy), .unlock(since: nil), .uncover,
        ]
        #expect(calls.filter(Machine.interruptsRunningTransition) == [.lock(.privacy)])
        #expect(calls.filter(Machine.keepsCoveredChild(after:)) == [.lock(.cover), .lock(.privacy)])
        // Neither the cover nor the uncover releases anything first, even with services.
        for hasServices in [false, true] {
            #expect(
                !Machine.releasesFirst(.lock(.privacy), releasesSessionBeforeSwitch: true, hasServices: hasServices)
            )
            #expect(!Machine.releasesFirst(.uncover, releasesSessionBeforeSwitch: true, hasServices: hasServices))
        }
    }

    /// The uncover shows the session again: the child the cover kept, nothing prepares.
    @Test func anUncoverShowsTheCoveredChildAgainInItsEpoch() {
        var machine = State.covered.make()
        #expect(machine.call(.uncover, joiner: nil) == .proceed(3, cancelBuilds: []))
        #expect(!Machine.releasesFirst(.uncover, releasesSessionBeforeSwitch: true, hasServices: false))
        #expect(machine.animations(for: 3, .uncover) == [.immediate])
        #expect(machine.admit(3, .uncover, at: .start, current: .covered("a")) == .admit)
        #expect(machine.place == .loggedIn("a") && machine.sessionEpoch == 1)
        #expect(
            machine.plan(3, .uncover, current: .covered("a"))
                == .init(
                    phase: .loggedIn("a"),
                    origin: .uncover,
                    direction: .login,
                    prepares: false,
                    epoch: 1,
                    coveredChild: .shownAgain
                )
        )
    }

    /// The plan of an unlock after a teardown lock is asked once it began: the session is
    /// built anew, in the epoch the unlock entered.
    @Test func anUnlockAfterATeardownLockBuildsTheSessionInANewEpoch() {
        var machine = State.unlockAfterTeardown.make()
        let current = AuthPlace<String>.locked("a", keepsSession: false)
        let admitted = machine.admit(3, .unlock(since: nil), at: .start, current: current)
        #expect(admitted == .admit)
        #expect(
            machine.plan(3, .unlock(since: nil), current: current)
                == .init(
                    phase: .loggedIn("a"),
                    origin: .unlock,
                    direction: .login,
                    prepares: false,
                    epoch: 2,
                    coveredChild: .shownAgain
                )
        )
    }

    /// A lock never releases the session first; an unlock only with session services,
    /// and only a child of a session the flow has left.
    @Test func onlyAnUnlockWithServicesReleasesAChildOfTheSessionATeardownLockLeft() {
        let calls: [Machine.Call] = [.lock(.cover), .lock(.teardown), .unlock(since: nil)]
        for releases in [false, true] {
            #expect(
                calls.map { Machine.releasesFirst($0, releasesSessionBeforeSwitch: releases, hasServices: false) }
                    == [false, false, false]
            )
            #expect(
                calls.map { Machine.releasesFirst($0, releasesSessionBeforeSwitch: releases, hasServices: true) }
                    == [false, false, true]
            )
        }
        /// Whether, with session services, the release step of `call` is admitted in a scene
        /// showing the session's child of `epoch`, once `calls` ran with no scene attached
        /// after a login as "a" (1) and `call` was made.
        func releases(after calls: [Machine.Call], _ call: Machine.Call, epoch: UInt64?) -> Bool {
            var machine = Machine(hasServices: true)
            for call in [.login("a")] + calls {
                guard case .proceed(let stamp, _) = machine.call(call, joiner: nil) else { return false }
                State.runAlone(stamp, call, in: &machine)
            }
            guard case .proceed(let stamp, _) = machine.call(call, joiner: nil) else { return false }
            return machine.admitRelease(stamp, call, at: .start, current: .loggedIn("a"), currentEpoch: epoch)
        }
        #expect(!releases(after: [], .lock(.cover), epoch: 1))
        #expect(!releases(after: [], .lock(.teardown), epoch: 1))
        #expect(!releases(after: [.lock(.cover)], .unlock(since: nil), epoch: 1))
        // A child of the session a teardown lock left: released before the new services.
        #expect(releases(after: [.lock(.teardown)], .unlock(since: nil), epoch: 1))
        #expect(!releases(after: [.lock(.teardown)], .unlock(since: nil), epoch: nil))
    }

    @Test func onlyALoginOrARefreshReleasesTheSessionFirstAndOnlyWhenConfigured() {
        let calls: [Machine.Call] = [.start, .login("a"), .logout(.signedOut), .refresh(nil)]
        #expect(
            calls.map { Machine.releasesFirst($0, releasesSessionBeforeSwitch: false, hasServices: false) }
                == [false, false, false, false]
        )
        #expect(
            calls.map { Machine.releasesFirst($0, releasesSessionBeforeSwitch: true, hasServices: false) }
                == [false, true, false, true]
        )
    }

    @Test func theReleaseStepPreparesTheSessionShownForALoginOrARefresh() {
        let configuration = AuthFlowConfiguration(releasesSessionBeforeSwitch: true)
        #expect(
            Machine.route(.login("b"), configuration, hasServices: false).release
                == .first(departure: AuthDeparture(direction: .login, call: .login, logoutVariant: nil))
        )
        #expect(
            Machine.route(.refresh(nil), configuration, hasServices: false).release
                == .first(departure: AuthDeparture(direction: .login, call: .refresh, logoutVariant: nil))
        )
    }

    /// After its release step a call goes on to its own transition unless the step was
    /// rejected or cancelled: once the old session's child is gone, or if there was
    /// nothing to release, the call's own admission decides.
    @Test func aCallGoesOnAfterItsReleaseStepUnlessItWasRejectedOrCancelled() {
        let route = Machine.route(.login("b"), AuthFlowConfiguration(), hasServices: true)
        #expect(route.afterRelease(.completed) == .cycle)
        #expect(route.afterRelease(.interrupted) == .cycle)
        #expect(route.afterRelease(.superseded) == .cycle)
        #expect(route.afterRelease(.rejected) == .end(.rejected))
        #expect(route.afterRelease(.cancelled) == .end(.cancelled))
    }

    /// A call beaten at a scene's arrival gate returns what the container would have
    /// answered on its arrival: it checks a cancelled caller and a finished flow first.
    @Test func aCallBeatenAtTheGateReturnsWhatTheContainerWouldHave() {
        #expect(Machine().beatenAtGate(callerCancelled: false) == .superseded)
        #expect(Machine().beatenAtGate(callerCancelled: true) == .cancelled)
        #expect(State.finishedFlow.make().beatenAtGate(callerCancelled: false) == .cancelled)
    }

    @Test func theReleaseStepIsAdmittedOnlyForASessionTheCallLeaves() {
        func admits(
            _ state: State,
            _ stamp: UInt64,
            _ call: Machine.Call,
            _ point: FlowAdmissionPoint,
            _ current: AuthPlace<String>
        ) -> Bool {
            var machine = state.make()
            return machine.admitRelease(stamp, call, at: point, current: current)
        }
        #expect(admits(.loggedInCalled, 1, .login("a"), .start, .loggedIn("b")))
        #expect(!admits(.loggedInCalled, 1, .login("a"), .start, .loggedIn("a")))
        #expect(!admits(.loggedInCalled, 1, .login("a"), .start, .loggedOut(.signedOut)))
        #expect(!admits(.loggedInCalled, 1, .login("a"), .start, .switching(from: "b")))
        #expect(!admits(.logoutAfterLogin, 1, .login("a"), .start, .loggedIn("b")))
        #expect(admits(.refreshCalled, 2, .refresh(nil), .arrival, .loggedIn("a")))
        #expect(admits(.refreshCalled, 2, .refresh("a"), .arrival, .loggedIn("a")))
        #expect(!admits(.refreshCalled, 2, .refresh("b"), .arrival, .loggedIn("a")))
        // A newer call never overtakes a release: the old session's child prepares to leave.
        #expect(admits(.logoutAfterLogin, 1, .login("a"), .overtaken, .loggedIn("b")))
        #expect(admits(.loggedInCalled, 1, .login("a"), .overtaken, .loggedIn("a")))
    }

    // MARK: - Impossible inputs trap

    /// Inputs `AuthFlow` never makes; each must stop the process with "Internal
    /// inconsistency".
    enum Impossible: String, CaseIterable, Codable, Sendable {
        case callEndedOfAStampNeverIssued
        case callEndedOfStampZero
        case buildStartedOfAStampNeverIssued
        case startAnsweredOfAStampNeverIssued
        case admitOfAStartNotAnswered
        case planOfAStartNotAnswered
        case planOfARefreshWhileNotLoggedIn
        case planOfALockWithNothingToLock
        case planOfAnUnlockWithNothingToUnlock

        func run() {
            var machine = State.loggedInCalled.make()
            switch self {
            case .callEndedOfAStampNeverIssued: _ = machine.callEnded(2, result: .completed)
            case .callEndedOfStampZero: _ = machine.callEnded(0, result: .completed)
            case .buildStartedOfAStampNeverIssued: _ = machine.buildStarted(5, in: AuthSceneID(rawValue: 1), 1)
            case .startAnsweredOfAStampNeverIssued: machine.startAnswered(3, .loggedIn("a"))
            case .admitOfAStartNotAnswered:
                var machine = State.startCalled.make()
                _ = machine.admit(1, .start, at: .start, current: .splash)
            case .planOfAStartNotAnswered:
                _ = State.startCalled.make().plan(1, .start, current: .splash)
            case .planOfARefreshWhileNotLoggedIn:
                _ = State.refreshCalled.make().plan(2, .refresh(nil), current: .loggedOut(.signedOut))
            case .planOfALockWithNothingToLock:
                _ = machine.call(.lock(.cover), joiner: nil)
                _ = machine.plan(2, .lock(.cover), current: .loggedIn("a"))
            case .planOfAnUnlockWithNothingToUnlock:
                _ = machine.call(.unlock(since: nil), joiner: nil)
                _ = machine.plan(2, .unlock(since: nil), current: .loggedIn("a"))
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

    /// Whether an intent's switch may log in, and an auto-lock may lock, in each named
    /// state: never past a lock or the cover, and never beating a call that changes where
    /// the flow goes.
    @Test(arguments: State.allCases)
    func aSwitchNeverLogsInPastALockAndAnAutoLockNeverBeatsALogin(_ state: State) {
        let machine = state.make()
        let locked: Bool
        switch machine.place {
        case .locked, .covered: locked = true
        default: locked = false
        }
        var lockOnItsWay = false
        var changingOnItsWay = false
        if !machine.newestEnded, let call = machine.newestCall {
            switch call {
            case .lock: lockOnItsWay = true
            case .start, .login, .logout, .unlock, .uncover: changingOnItsWay = true
            case .refresh: break
            }
        }
        // A start on its way that lands locked or covered: a lock or cover joined it, or
        // the provider answered locked.
        let snapshot = machine.snapshot
        if changingOnItsWay, machine.newestCall == .start,
            snapshot.startGuards[machine.newest] != nil || snapshot.startAnswers[machine.newest] == .locked("a")
        {
            lockOnItsWay = true
        }
        // A cover or lock carried from a start that never began, for the next start.
        if !snapshot.carriedGuards.isEmpty { lockOnItsWay = true }
        #expect(machine.allowsSwitchingLogin == (!locked && !lockOnItsWay))
        let sessionToLock: Bool
        switch machine.place {
        case .loggedIn, .covered: sessionToLock = true
        default: sessionToLock = false
        }
        #expect(machine.allowsAutoLock == (sessionToLock && !changingOnItsWay))
    }

    /// A scene's screen settles in the flow's session only while the call that placed it is
    /// the newest, the flow is logged in, and the screen is of the flow's session and epoch
    /// (or placed by the app): intents go to no other child.
    @Test func aScreenSettlesInTheSessionOnlyIfItIsTheNewestCallsChildOfTheFlowsEpoch() {
        let shown = State.loggedInWithScene.make()
        #expect(shown.settled(after: 1, shown: .loggedIn("a"), epoch: 1) == .inSession("a"))
        #expect(shown.settled(after: 1, shown: .loggedIn("a"), epoch: nil) == .inSession("a"))
        #expect(shown.settled(after: 1, shown: .loggedIn("a"), epoch: 2) == .outOfSession)
        #expect(shown.settled(after: 1, shown: .loggedIn("b"), epoch: 1) == .outOfSession)
        #expect(shown.settled(after: 1, shown: .switching(from: "a"), epoch: nil) == .outOfSession)
        // Logged in as "a" in epoch 1, but a lock was called since the login: the intents
        // wait for the lock's outcome, which is out of session.
        #expect(State.lockOnItsWay.make().settled(after: 1, shown: .loggedIn("a"), epoch: 1) == .superseded)
        #expect(State.lockedCover.make().settled(after: 2, shown: .loggedIn("a"), epoch: 1) == .outOfSession)
        #expect(State.finishedFlow.make().settled(after: 0, shown: .loggedIn("a"), epoch: nil) == .outOfSession)
    }

    /// An unlock's preparation runs only when it moves the flow: not for an unlock that has
    /// nothing to do, nor for a lock while locked that only brings a lagging scene along.
    @Test func aLockOrUnlockMovesTheFlowOnlyToAnotherPlace() {
        #expect(State.lockOnItsWay.make().movesPlace(2))
        #expect(State.unlockAfterCover.make().movesPlace(3))
        #expect(!State.lockAfterUnlock.make().movesPlace(4))
        #expect(!State.loginEnded.make().movesPlace(1))
    }
}
