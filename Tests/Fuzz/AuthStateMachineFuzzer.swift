// The AuthFlow half of the fuzz target: `AuthStateMachine` driven by decoded calls (locks
// and unlocks, with and without an unlock attempt, and the privacy cover and uncover
// included) and by the scene inputs
// `AuthFlow`'s performer makes, checked against a reference model of call order, of each
// lock's and unlock's target, of the flow's place and session epochs, of the phase asked
// for, and of each scene's runs and plans. Built by `Tests/Fuzz/fuzz.sh`.

/// Drives an `AuthStateMachine` as `AuthFlow` would, keeping the reference model.
struct AuthMachineDriver {
    typealias Machine = AuthStateMachine<Int, Int, Int, Int>

    var machine = Machine()
    /// Every stamp issued, with its call, and whether it has ended.
    var calls: [UInt64: (call: Machine.Call, ended: Bool)] = [:]
    var newest: UInt64 = 0
    var callCount: UInt64 = 0
    /// The factories of the newest call registered with the machine, in the order they
    /// started, each with its scene.
    var builds: [(stamp: UInt64, scene: UInt64, handle: Int)] = []
    var nextHandle = 0
    /// Joiners by the stamp they joined; each must be resumed once, when it ends.
    var joiners: [UInt64: [Int]] = [:]
    var resumed: Set<Int> = []
    var nextJoiner = 0
    /// Where each start lands, told to the machine as soon as the start proceeds.
    var startTargets: [UInt64: AuthInitialState<Int>] = [:]
    /// Calls the machine refused as unchanged at their start.
    var unchanged: Set<UInt64> = []
    /// Where each lock and unlock goes, decided from the flow's place when it is called;
    /// none for one with nothing to do. Forgotten when the call ends.
    var lockTargets: [UInt64: AuthPlace<Int>] = [:]
    /// The newest lock called (0 before any); the privacy cover is no lock.
    var lastLock: UInt64 = 0
    /// The newest privacy cover that proceeded with a session to cover, and the newest
    /// called at all (refused at once or not): an unlock attempt begun before it is superseded.
    var lastCover: UInt64 = 0
    var lastCoverCall: UInt64 = 0
    /// The phase the newest call asks for.
    var requested: AuthPhase<Int>?
    /// The locks, covers, unlocks and uncovers joined to each start before it began, in
    /// call order, and their joiners; those of a newest start that ended unbegun, for the
    /// next start.
    var guards: [UInt64: [(kind: Machine.StartGuard.Kind, by: UInt64)]] = [:]
    var guardJoiners: [UInt64: [UInt64: Int]] = [:]
    var carried: [(kind: Machine.StartGuard.Kind, by: UInt64)] = []

    // MARK: - The scenes' model

    /// The performer's configuration, decoded from the input's first byte.
    var releasesSessionBeforeSwitch = false

    /// Where a stamped call stands in the performer (`perform`).
    enum Phase {
        /// Stamped (a start also answered), not fanned out yet.
        case made
        /// Running in the scenes `fanOut` returned.
        case running(FanOut)
        /// Its scenes' result is known: `callEnded` is next.
        case fannedIn(TransitionResult)
        /// `callEnded` was told.
        case ended
    }

    struct FanOut {
        /// The scenes the call runs in, as `fanOut` returned them.
        var scenes: [UInt64]
        /// Once a follow-up runs: the first round's results and the scenes followed up.
        var firstRound: [(id: UInt64, result: TransitionResult)]?
        var followedUp: [UInt64] = []
    }

    /// Why a scene's container runs a request.
    enum RunKind: Equatable {
        /// The call in a scene `fanOut` returned.
        case fanOut
        /// The call again in a scene `scenesEnded` followed up.
        case followUp
        /// The newest call, joined by a scene attached while it is on its way.
        case join
        /// A scene attached mid-session, placed at this place and epoch.
        case placement(AuthPlace<Int>, epoch: UInt64?)

        var isPlacement: Bool {
            if case .placement = self { return true }
            return false
        }
    }

    /// How far a request has come in its scene's container.
    enum Stage: Equatable {
        /// Waiting for its turn; `arrived` once admitted on arrival.
        case pending(arrived: Bool)
        /// Admitted at its start: its factory runs (with the call's plan, for its own
        /// transition).
        case started(Machine.Plan?)
        /// Its factory registered its build with the machine.
        case built(Machine.Plan?)
        /// Its child is in place and animates.
        case animating
        /// The container's result.
        case done(TransitionResult)
    }

    /// One request of the performer in one scene: `switchTo` (the release step, then the
    /// call's own transition) or a placement.
    struct Run {
        let scene: UInt64
        let stamp: UInt64
        let call: Machine.Call
        let kind: RunKind
        /// Whether it is in the release step (`admitRelease`) before its own transition.
        var releasing: Bool
        var stage: Stage

        var isDone: Bool {
            if case .done = stage { return true }
            return false
        }

        /// Whether its transition has started: its container runs one at a time.
        var isInTransition: Bool {
            switch stage {
            case .started, .built, .animating: return true
            case .pending, .done: return false
            }
        }
    }

    struct SceneModel {
        /// What the scene shows, and the session epoch of the child shown.
        var shown: AuthPlace<Int> = .splash
        var epoch: UInt64?
        /// Whether its container finished: a later request returns `cancelled` at once.
        var containerFinished = false
    }

    /// Every scene ever attached, by id.
    var sceneModels: [UInt64: SceneModel] = [:]
    /// The scenes attached now, in attach order.
    var attached: [UInt64] = []
    var nextScene: UInt64 = 1
    var runs: [Run] = []
    var phases: [UInt64: Phase] = [:]
    /// Calls that fanned out while the newest, before the flow finished.
    var fannedOut: Set<UInt64> = []
    /// Calls that began in some scene (at their start) and have not ended.
    var begun: Set<UInt64> = []
    var finished = false
    /// The flow's place, its session's epoch, the newest epoch given out, and the call that
    /// moved the flow to its place.
    var place: AuthPlace<Int> = .splash
    var sessionEpoch: UInt64?
    var lastEpoch: UInt64 = 0
    var placeOrigin: AuthCall = .start

    static let variants: [LogoutVariant] = [.signedOut, LogoutVariant("softLogout")]

    mutating func call(_ input: inout FuzzInput) {
        let session = input.choose(3)
        let call: Machine.Call
        switch input.choose(9) {
        case 0: call = .start
        case 1: call = .login(session)
        case 2: call = .logout(Self.variants[input.choose(2)])
        case 3: call = .refresh(input.bit() ? session : nil)
        case 4: call = .lock(input.bit() ? .cover : .teardown)
        case 5: call = .unlock(since: nil)
        case 7: call = .lock(.privacy)
        case 8: call = .uncover
        default:
            // An authentication that began after some of the calls made so far.
            call = .unlock(since: UInt64(input.choose(Int(callCount) + 1)))
        }
        var joiner: Int?
        var isGuard = false
        switch call {
        case .lock, .unlock, .uncover: isGuard = true
        case .start, .login, .logout, .refresh: break
        }
        if case .logout = call, input.choose(4) != 0 {
            nextJoiner += 1
            joiner = nextJoiner
        } else if isGuard, input.bit() {
            // With a caller to resume: it may join a start that has not begun.
            nextJoiner += 1
            joiner = nextJoiner
        }
        // A logout joins the newest call if that is a logout of the same variant still on
        // its way; every other call takes the next stamp and becomes the newest.
        let joinable: Bool = {
            guard joiner != nil, case .logout(let variant) = call, let newestCall = calls[newest],
                !newestCall.ended, case .logout(let newestVariant) = newestCall.call
            else { return false }
            return newestVariant == variant
        }()
        // Every privacy cover called counts for the attempts, even one refused at once.
        let isCover = call == .lock(.privacy)
        if isCover { lastCoverCall = callCount + 1 }
        // An unlock whose authentication began before the newest lock or privacy cover was
        // called is superseded at once: that one needs an authentication of its own.
        var supersededAttempt = false
        if case .unlock(let since?) = call, max(lastLock, lastCoverCall) > since { supersededAttempt = true }
        // An unlock or an uncover never overtakes a start, a login or a logout on its way;
        // a lock (or the privacy cover) never overtakes a logout, nor a start that has not
        // begun: each is unchanged at once.
        let onItsWay = calls[newest].flatMap { $0.ended ? nil : $0.call }
        var refusedAtOnce = false
        switch (call, onItsWay) {
        case (.unlock, .start?):
            // Unless the start has begun on a lock screen: the unlock goes on after it.
            var startLocks = false
            if begun.contains(newest), case .locked = place { startLocks = true }
            refusedAtOnce = !supersededAttempt && !startLocks
        case (.unlock, .login?), (.unlock, .logout?): refusedAtOnce = !supersededAttempt
        case (.uncover, .start?), (.uncover, .login?), (.uncover, .logout?): refusedAtOnce = true
        case (.lock, .logout?): refusedAtOnce = true
        case (.lock, .start?):
            // Nor a start that has begun with nothing to lock: it would leave a scene the
            // start has yet to reach on the splash.
            switch place {
            case .splash, .loggedOut, .switching: refusedAtOnce = true
            case .loggedIn, .locked, .covered: refusedAtOnce = !begun.contains(newest)
            }
        default: break
        }
        // An uncover after a lock called after the last cover leaves that lock in place.
        if call == .uncover && lastLock > lastCover { refusedAtOnce = true }
        // Joins the newest call, a start not begun anywhere, and lands it as it asks.
        let joinsStart =
            isGuard && joiner != nil && onItsWay == .start && !begun.contains(newest) && !finished
            && !supersededAttempt && !(call == .uncover && lastLock > lastCover)
        // Nor an uncover (an unlock) while a start that has begun places its cover (its lock
        // screen): they go on after it.
        if onItsWay == .start, begun.contains(newest) {
            if call == .uncover, case .covered = place, lastLock <= lastCover { refusedAtOnce = false }
        }
        if isCover && !joinsStart {
            // The privacy cover covers only a session shown or covered, and never overtakes
            // a real lock on its way: the lock screen hides the session already.
            switch place {
            case .loggedIn, .covered: break
            case .splash, .loggedOut, .switching, .locked: refusedAtOnce = true
            }
            if case .lock(let kind)? = onItsWay, kind != .privacy { refusedAtOnce = true }
        }
        // A refresh never overtakes a start, login, logout, lock or unlock on its way.
        let refreshRefused: Bool = {
            guard case .refresh = call, let newestCall = calls[newest], !newestCall.ended else { return false }
            if case .refresh = newestCall.call { return false }
            return true
        }()
        callCount += 1
        switch machine.call(call, joiner: joiner) {
        case .resolve(let result):
            guard
                !joinsStart,
                (refreshRefused && result == .unchanged) || (supersededAttempt && result == .superseded)
                    || (refusedAtOnce && result == .unchanged)
            else {
                violated("call \(call) resolved \(result)")
            }
        case .joined(let stamp) where joinsStart:
            guard stamp == newest, let joiner else { violated("call \(call) joined \(stamp), newest \(newest)") }
            let kind: Machine.StartGuard.Kind
            switch call {
            case .lock(.privacy):
                kind = .cover
                lastCover = callCount
            case .lock(let style):
                kind = .lock(keepsSession: style == .cover)
                lastLock = callCount
            case .uncover: kind = .uncover
            default: kind = .unlock
            }
            guards[stamp, default: []].append((kind, callCount))
            guardJoiners[stamp, default: [:]][callCount] = joiner
            requested = landing(ofStart: stamp).phase
        case .proceed(let stamp, let cancelBuilds):
            guard !joinsStart, !joinable, !refreshRefused, !supersededAttempt, !refusedAtOnce, stamp == callCount else {
                violated(
                    "call \(call) took stamp \(stamp); model: joins \(joinable), refresh refused \(refreshRefused),"
                        + " superseded \(supersededAttempt), refused at once \(refusedAtOnce)"
                )
            }
            guard cancelBuilds == builds.map(\.handle) else {
                violated("call \(call) cancelled \(cancelBuilds), model \(builds.map(\.handle))")
            }
            if joiner != nil, case .logout = call { unjoinedLogouts += 1 }
            builds = []
            // A start lands under the guards of a start that never began anywhere.
            if call == .start {
                if calls[newest].map({ $0.call == .start && !$0.ended }) == true, !begun.contains(newest) {
                    carried = guards[newest] ?? []
                }
                if !carried.isEmpty { guards[stamp] = carried }
            }
            carried = []
            calls[stamp] = (call, false)
            phases[stamp] = .made
            newest = stamp
            switch call {
            case .start:
                let target: AuthInitialState<Int>
                switch input.choose(3) {
                case 0: target = .loggedIn(session)
                case 1: target = .loggedOut(Self.variants[input.choose(2)])
                default: target = .locked(session)
                }
                startTargets[stamp] = target
                machine.startAnswered(stamp, target)
                requested = landing(ofStart: stamp).phase
                // A locked start counts as a lock called with it, for the unlock attempts.
                if case .locked = target { lastLock = stamp }
            case .login(let session): requested = .loggedIn(session)
            case .logout: requested = .loggedOut
            case .refresh: break
            case .lock(.privacy):
                // It covers the session shown; covered already, it covers again as the flow
                // is (for a scene the last cover never reached).
                switch place {
                case .loggedIn(let covered): lockTargets[stamp] = .covered(covered)
                case .covered: lockTargets[stamp] = place
                case .splash, .loggedOut, .switching, .locked: violated("cover \(stamp) proceeded at \(place)")
                }
                lastCover = stamp
                requested = Self.phase(of: lockTargets[stamp] ?? place)
            case .lock(let style):
                lastLock = stamp
                // It locks the session the flow is in (shown or covered); locked already, it
                // locks again as the flow is; logged out or at the splash there is nothing
                // to lock.
                switch place {
                case .loggedIn(let locked), .covered(let locked):
                    lockTargets[stamp] = .locked(locked, keepsSession: style == .cover)
                case .locked: lockTargets[stamp] = place
                case .splash, .loggedOut, .switching: break
                }
                requested = Self.phase(of: lockTargets[stamp] ?? place)
            case .uncover:
                // It uncovers the session covered; logged in already, it uncovers again as
                // the flow is; locked, logged out or at the splash there is nothing to do.
                switch place {
                case .covered(let covered): lockTargets[stamp] = .loggedIn(covered)
                case .loggedIn: lockTargets[stamp] = place
                case .splash, .loggedOut, .switching, .locked: break
                }
                requested = Self.phase(of: lockTargets[stamp] ?? place)
            case .unlock:
                // It unlocks the session locked; logged in already, it unlocks again as the
                // flow is; covered (only an uncover lifts it), logged out or at the splash
                // there is nothing to unlock.
                switch place {
                case .locked(let locked, _): lockTargets[stamp] = .loggedIn(locked)
                case .loggedIn: lockTargets[stamp] = place
                case .splash, .loggedOut, .switching, .covered: break
                }
                requested = Self.phase(of: lockTargets[stamp] ?? place)
            }
            checkCallKind(call)
        case .joined(let stamp):
            guard joinable, !refreshRefused, !supersededAttempt, stamp == newest, let joiner else {
                violated("call \(call) joined \(stamp) wrongly")
            }
            joiners[stamp, default: []].append(joiner)
        }
        // A guard call's caller that joined nothing is never resumed by the machine.
        if isGuard && joiner != nil && !joinsStart { unjoinedLogouts += 1 }
        guard machine.callCount == callCount else { violated("callCount \(machine.callCount), model \(callCount)") }
    }

    /// An admission of a running call in a scene of the app's own, showing any place, of no
    /// epoch (a screen the app placed) or of any epoch given out.
    mutating func admit(_ input: inout FuzzInput) {
        // The container asks only while the call runs.
        guard let stamp = pickStamp(&input), let call = calls[stamp]?.call, calls[stamp]?.ended == false else { return }
        let point: FlowAdmissionPoint = [.arrival, .start, .childMade][input.choose(3)]
        let places: [AuthPlace<Int>] = [
            .splash, .loggedOut(Self.variants[0]), .loggedOut(Self.variants[1]), .loggedIn(0), .loggedIn(1),
            .switching(from: 0), .locked(0, keepsSession: true), .locked(1, keepsSession: false), .covered(0),
            .covered(1),
        ]
        let current = places[input.choose(places.count)]
        let epoch: UInt64? = lastEpoch == 0 || input.bit() ? nil : 1 + UInt64(input.choose(Int(lastEpoch)))
        if input.choose(4) == 0 {
            // A newer call reached the container while this one makes its child: only a
            // superseded call whose factory builds lets it go first; nothing else moves.
            let building = input.bit()
            let before = machine.snapshot
            let verdict = machine.admit(
                stamp,
                call,
                at: .overtaken,
                current: current,
                currentEpoch: epoch,
                building: building
            )
            let superseded = stamp != newest || calls[stamp]?.ended == true
            guard verdict == (building && superseded ? .refuse(.superseded) : .admit), machine.snapshot == before else {
                violated("admit(\(stamp), at: overtaken, building: \(building)) = \(verdict), superseded \(superseded)")
            }
            guard machine.admitRelease(stamp, call, at: .overtaken, current: current, currentEpoch: epoch) else {
                violated("a release of \(stamp) was overtaken")
            }
            return
        }
        _ = admitChecked(stamp, call, at: point, current: current, currentEpoch: epoch)
    }

    /// Asks the machine to admit call `stamp` at `point` in a scene showing `current` of
    /// `currentEpoch`, checks the verdict against the model, and moves the model as the
    /// verdict does. Returns whether the call was admitted.
    mutating func admitChecked(
        _ stamp: UInt64,
        _ call: Machine.Call,
        at point: FlowAdmissionPoint,
        current: AuthPlace<Int>,
        currentEpoch: UInt64?
    ) -> Bool {
        let verdict = machine.admit(stamp, call, at: point, current: current, currentEpoch: currentEpoch)
        let expected: Machine.AdmitAction
        if stamp != newest || calls[stamp]?.ended == true || (point == .start && finished) {
            // A call that ended takes no more turns, and a finished flow begins nothing.
            expected = .refuse(.superseded)
        } else if point != .start {
            expected = .admit
        } else {
            // A child of a session the flow has left is never the session shown.
            let inSession = currentEpoch == nil || currentEpoch == sessionEpoch
            let unchanged: Bool
            switch call {
            case .start:
                let target = landing(ofStart: stamp)
                unchanged = current == target && (target.session == nil || inSession)
            case .login(let session): unchanged = current == .loggedIn(session) && inSession
            case .logout(let variant): unchanged = current == .loggedOut(variant)
            case .refresh(let session):
                switch current {
                case .loggedIn(let shown), .switching(from: let shown):
                    unchanged = !inSession || (session.map { $0 != shown } ?? false)
                case .splash, .loggedOut, .locked, .covered: unchanged = true
                }
            case .lock:
                // Unchanged where the scene shows the lock screen (or the privacy cover) it
                // goes to, of the flow's epoch; with nothing to lock, every scene is as the
                // lock leaves it.
                if let target = lockTargets[stamp] {
                    unchanged = current == target && inSession
                } else {
                    unchanged = true
                }
            case .unlock, .uncover:
                // Unchanged where the session it unlocks (or uncovers) is shown, in the
                // flow's epoch.
                switch lockTargets[stamp] {
                case .loggedIn(let session)?: unchanged = current == .loggedIn(session) && inSession
                default: unchanged = true
                }
            }
            expected = unchanged ? .refuse(.unchanged) : .admit
        }
        if expected == .refuse(.unchanged) { self.unchanged.insert(stamp) }
        guard verdict == expected else {
            violated(
                "admit(\(stamp), \(call), \(point), \(current), epoch \(currentEpoch.map(String.init) ?? "none")) = \(verdict)"
            )
        }
        // A call the scene already shows still moves the flow there; a refresh has no
        // destination of its own.
        var isRefresh = false
        if case .refresh = call { isRefresh = true }
        if point == .start && (verdict == .admit || (verdict == .refuse(.unchanged) && !isRefresh)) {
            begin(stamp, call, current: current)
        }
        return verdict == .admit
    }

    /// The model of a call's beginning: the flow moves to its destination; entering a
    /// session other than the flow's (or any, from none) takes a fresh epoch, a refresh
    /// keeps the epoch.
    mutating func begin(_ stamp: UInt64, _ call: Machine.Call, current: AuthPlace<Int>) {
        begun.insert(stamp)
        var entered: Int?
        switch call {
        case .start:
            placeOrigin = .start
            guard startTargets[stamp] != nil else { violated("start \(stamp) began unanswered") }
            switch landing(ofStart: stamp) {
            case .loggedIn(let session): entered = session
            case .loggedOut(let variant): place = .loggedOut(variant)
            case .covered(let session), .locked(let session, keepsSession: true):
                // Under the cover (or a cover lock), in the session's epoch: one scene
                // after another begins it in the same epoch.
                if sessionEpoch == nil || place.liveSession != session {
                    lastEpoch += 1
                    sessionEpoch = lastEpoch
                }
                place = landing(ofStart: stamp)
            case .locked(let session, keepsSession: false): place = .locked(session, keepsSession: false)
            case .splash, .switching: violated("start \(stamp) lands nowhere")
            }
        case .login(let session):
            placeOrigin = .login
            entered = session
        case .logout(let variant):
            placeOrigin = .logout
            place = .loggedOut(variant)
        case .refresh(let session):
            placeOrigin = .refresh
            if let session = session ?? current.session ?? place.session {
                if sessionEpoch == nil { lastEpoch += 1 }
                sessionEpoch = sessionEpoch ?? lastEpoch
                place = .loggedIn(session)
            }
        case .lock(let kind):
            placeOrigin = kind == .privacy ? .cover : .lock
            // To its target; the teardown style leaves the session (below), the cover style
            // and the privacy cover keep it, with its epoch.
            if let target = lockTargets[stamp] { place = target }
        case .uncover:
            placeOrigin = .uncover
            // Back to the session covered, in its epoch: the cover kept it alive.
            if case .loggedIn(let session)? = lockTargets[stamp] {
                guard sessionEpoch != nil else { violated("uncover \(stamp) began with no session epoch") }
                place = .loggedIn(session)
            }
        case .unlock:
            placeOrigin = .unlock
            if case .loggedIn(let session)? = lockTargets[stamp] {
                // Back to the session a cover lock kept, in its epoch; after a teardown lock
                // the session is entered anew.
                if sessionEpoch == nil {
                    lastEpoch += 1
                    sessionEpoch = lastEpoch
                }
                place = .loggedIn(session)
            }
        }
        if let entered {
            if place.session != entered || sessionEpoch == nil {
                lastEpoch += 1
                sessionEpoch = lastEpoch
            }
            place = .loggedIn(entered)
        }
        if !Self.keepsSession(place) { sessionEpoch = nil }
    }

    /// Whether a session lives on at `place`: logged in, or behind a cover lock.
    static func keepsSession(_ place: AuthPlace<Int>) -> Bool {
        switch place {
        case .loggedIn, .switching, .locked(_, keepsSession: true), .covered: return true
        case .splash, .loggedOut, .locked(_, keepsSession: false): return false
        }
    }

    /// The phase shown at `place`: the privacy cover is a lock screen.
    static func phase(of place: AuthPlace<Int>) -> AuthPhase<Int> {
        switch place {
        case .splash: return .splash
        case .loggedOut: return .loggedOut
        case .loggedIn(let session), .switching(from: let session): return .loggedIn(session)
        case .locked(let session, _), .covered(let session): return .locked(session)
        }
    }

    /// What a call's kind decides on its own: only the privacy cover cuts a running
    /// transition short (it must show at once); a scene keeps the child a lock hid after a
    /// call whose screen keeps the session behind it (a cover lock, the privacy cover).
    func checkCallKind(_ call: Machine.Call) {
        let interrupts = call == .lock(.privacy)
        var keeps = false
        if case .lock(let kind) = call { keeps = kind != .teardown }
        guard Machine.interruptsRunningTransition(call) == interrupts, Machine.keepsCoveredChild(after: call) == keeps
        else {
            violated(
                "\(call): interrupts \(Machine.interruptsRunningTransition(call)), keeps \(Machine.keepsCoveredChild(after: call))"
            )
        }
    }

    /// A factory of any call registers its build in any scene, attached or not.
    mutating func buildStarted(_ input: inout FuzzInput) {
        // Ended calls too: a window that joined late builds for the newest call after it ended.
        guard let stamp = pickStamp(&input), calls[stamp] != nil else { return }
        startBuild(stamp, in: UInt64(input.choose(Int(nextScene) + 1)))
    }

    /// A factory of call `stamp` registers its build in scene `scene`.
    mutating func startBuild(_ stamp: UInt64, in scene: UInt64) {
        nextHandle += 1
        // Kept only for the newest call, in a scene attached, before the flow finished: a
        // factory starting in a scene detached, or after finish, had no detach or finish
        // to cancel it.
        let kept = stamp == newest && attached.contains(scene) && !finished
        switch machine.buildStarted(stamp, in: AuthSceneID(rawValue: scene), nextHandle) {
        case .keep:
            guard kept else { violated("a build of \(stamp) in scene \(scene) was kept, attached \(attached)") }
            builds.append((stamp, scene, nextHandle))
        case .cancel(let handle):
            guard !kept, handle == nextHandle else {
                violated("a build of \(stamp) in scene \(scene) was cancelled, attached \(attached)")
            }
        }
    }

    /// A call returns: only once its scenes' result is known (after `scenesEnded` said
    /// `done`, or a `fanOut` resolved at once), with that result, as `perform` does.
    mutating func callEnded(_ input: inout FuzzInput) {
        let ready = phases.keys.sorted().filter { if case .fannedIn = phases[$0] { true } else { false } }
        guard !ready.isEmpty else { return }
        let stamp = ready[input.choose(ready.count)]
        guard case .fannedIn(let result) = phases[stamp] else { return }
        endCall(stamp, result)
    }

    mutating func endCall(_ stamp: UInt64, _ result: TransitionResult) {
        calls[stamp]?.ended = true
        phases[stamp] = .ended
        let hadBegun = begun.remove(stamp) != nil
        lockTargets[stamp] = nil
        let end = machine.callEnded(stamp, result: result)
        let expected: AuthResult =
            result == .superseded && unchanged.remove(stamp) != nil ? .unchanged : AuthResult(result)
        unchanged.remove(stamp)
        guard end.result == expected else { violated("call \(stamp) ended \(result) as \(end.result)") }
        // Each joined guard call: the start's result if it landed where the call took it,
        // superseded if a later one took it further, unchanged if it changed nothing.
        let steps = foldSteps(ofStart: stamp)
        let expectedGuards = (guardJoiners.removeValue(forKey: stamp) ?? [:]).sorted { $0.key < $1.key }.map {
            (by, joiner) -> (Int, AuthResult) in
            guard expected.didSwitch || expected == .unchanged, startTargets[stamp] != nil,
                let index = steps.firstIndex(where: { $0.by == by })
            else { return (joiner, expected) }
            if !steps[index].changed { return (joiner, .unchanged) }
            return (joiner, steps[(index + 1)...].contains(where: \.changed) ? .superseded : expected)
        }
        guard end.guards.map({ "\($0.joiner) \($0.result)" }) == expectedGuards.map({ "\($0.0) \($0.1)" }) else {
            violated("call \(stamp) resumed guards \(end.guards), model \(expectedGuards)")
        }
        for joined in end.guards {
            guard resumed.insert(joined.joiner).inserted else { violated("joiner \(joined.joiner) resumed twice") }
        }
        if stamp == newest, !hadBegun, let kept = guards[stamp] { carried = kept }
        guards[stamp] = nil
        guard end.joiners == joiners.removeValue(forKey: stamp) ?? [] else {
            violated("call \(stamp) ended resuming \(end.joiners)")
        }
        for joiner in end.joiners {
            guard resumed.insert(joiner).inserted else { violated("joiner \(joiner) resumed twice") }
        }
        // Its factories stay: a late scene's may still build, and the next call cancels it.
    }

    /// The model of where start `stamp` lands: its answer, then each guard in call order
    /// as the call would act once the start had landed.
    func foldSteps(ofStart stamp: UInt64) -> [(by: UInt64, place: AuthPlace<Int>, changed: Bool)] {
        guard var place = startTargets[stamp]?.place else { return [] }
        return (guards[stamp] ?? []).map { step in
            let before = place
            switch (step.kind, place) {
            case (.cover, .loggedIn(let session)): place = .covered(session)
            case (.lock(let keeps), .loggedIn(let session)), (.lock(let keeps), .covered(let session)):
                place = .locked(session, keepsSession: keeps)
            case (.uncover, .covered(let session)), (.unlock, .locked(let session, _)): place = .loggedIn(session)
            default: break
            }
            return (step.by, place, place != before)
        }
    }

    func landing(ofStart stamp: UInt64) -> AuthPlace<Int> {
        foldSteps(ofStart: stamp).last?.place ?? startTargets[stamp]?.place ?? place
    }

    func pickStamp(_ input: inout FuzzInput) -> UInt64? {
        guard !calls.isEmpty else { return nil }
        let stamps = calls.keys.sorted()
        return stamps[input.choose(stamps.count)]
    }

    // MARK: - Scene inputs

    /// Where scene `id` goes when it arrives: nowhere yet after finish or before any call,
    /// or while the newest call has still to fan out (it brings the scene along); into the
    /// newest call on its way if that call changes the place; else where the flow is.
    func expectedArrival(of id: AuthSceneID) -> Machine.AttachAction {
        let newestEnded = calls[newest]?.ended ?? true
        if finished || newest == 0 || (!newestEnded && !fannedOut.contains(newest)) {
            return .wait(id)
        } else if !newestEnded, let call = calls[newest]?.call, call.changesPlace {
            // The route the machine gives the call at its launch (`AuthCoreDecisionTests`).
            return .join(id, newest, call, Machine.route(call, machine.configuration, hasServices: machine.hasServices))
        } else if place == .splash {
            // Ended, or a refresh on its way, and nothing began: nowhere to place it.
            return .wait(id)
        }
        return .place(id, newest, place, epoch: sessionEpoch, origin: placeOrigin)
    }

    /// `attachScene`: a scene is reserved and attached in one step, and learns where the
    /// flow is. An app has a few windows at most.
    mutating func attach() {
        guard attached.count < 5 else { return }
        let id = machine.reserveScene()
        guard id.rawValue == nextScene else { violated("reserved \(id), expected scene \(nextScene)") }
        nextScene += 1
        let action = machine.attach(id, Int(id.rawValue))
        let expected = expectedArrival(of: id)
        guard action == expected else { violated("attach(\(id)) = \(action), expected \(expected)") }
        attached.append(id.rawValue)
        sceneModels[id.rawValue] = SceneModel()
        switch action {
        case .wait: break
        case .join(_, let stamp, let call, _): addRun(.join, stamp, call, in: id.rawValue)
        case .place(_, let stamp, let place, let epoch, _):
            addRun(.placement(place, epoch: epoch), stamp, .start, in: id.rawValue)
        }
    }

    /// `detach` of an attached scene, of one detached already, or of an id never given out.
    mutating func detach(_ input: inout FuzzInput) {
        let pick = input.choose(attached.count + 2)
        let id: UInt64
        if pick < attached.count {
            id = attached[pick]
        } else if pick == attached.count {
            id = UInt64(input.choose(Int(nextScene)))
        } else {
            id = nextScene + UInt64(input.choose(3))
        }
        let wasAttached = attached.contains(id)
        let (detached, cancelled) = machine.detach(AuthSceneID(rawValue: id))
        guard detached == (wasAttached ? Int(id) : nil) else {
            violated("detach(\(id)) = \(String(describing: detached)), attached \(attached)")
        }
        // The newest call's factories there are let go, to cancel: the scene shows nothing more.
        guard cancelled == builds.filter({ $0.scene == id }).map(\.handle) else {
            violated("detach(\(id)) cancelled \(cancelled), model \(builds.filter { $0.scene == id }.map(\.handle))")
        }
        builds.removeAll { $0.scene == id }
        attached.removeAll { $0 == id }
        // The performer finishes its container: what runs there is cut short.
        if sceneModels[id] != nil { finishContainer(id) }
    }

    /// `fanOut` of a call made and (a start) answered, not fanned out yet.
    mutating func fanOut(_ input: inout FuzzInput) {
        let ready = phases.keys.sorted().filter { if case .made = phases[$0] { true } else { false } }
        guard !ready.isEmpty else { return }
        fanOut(ready[input.choose(ready.count)])
    }

    mutating func fanOut(_ stamp: UInt64) {
        guard let call = calls[stamp]?.call else { return }
        let action = machine.fanOut(stamp, call)
        if finished {
            guard case .resolved(.cancelled) = action else { violated("fanOut(\(stamp)) after finish: \(action)") }
            phases[stamp] = .fannedIn(.cancelled)
            return
        }
        if stamp == newest { fannedOut.insert(stamp) }
        if attached.isEmpty {
            // No scene: the call is decided on the flow's place, as a scene showing it would.
            let admitted = admitChecked(stamp, call, at: .start, current: place, currentEpoch: sessionEpoch)
            let result: TransitionResult = admitted ? .completed : .superseded
            guard case .resolved(result) = action else { violated("fanOut(\(stamp)) with no scene: \(action)") }
            phases[stamp] = .fannedIn(result)
            return
        }
        guard case .run(let scenes) = action, scenes.map(\.id.rawValue) == attached,
            scenes.map(\.scene) == attached.map({ Int($0) })
        else { violated("fanOut(\(stamp)) = \(action), attached \(attached)") }
        phases[stamp] = .running(FanOut(scenes: attached))
        for id in attached {
            addRun(.fanOut, stamp, call, in: id)
        }
    }

    /// A request of the performer reaches scene `id`'s container: `switchTo` asks the
    /// machine first whether the call releases the session shown.
    mutating func addRun(_ kind: RunKind, _ stamp: UInt64, _ call: Machine.Call, in id: UInt64) {
        var releasing = false
        if !kind.isPlacement {
            let release = Machine.releasesFirst(
                call,
                releasesSessionBeforeSwitch: releasesSessionBeforeSwitch,
                hasServices: machine.hasServices
            )
            let expected: Bool
            switch call {
            case .login, .refresh: expected = releasesSessionBeforeSwitch || machine.hasServices
            // With services, an unlock may find a child of the session a teardown lock left.
            case .start, .unlock: expected = machine.hasServices
            // A lock screen (or the privacy cover, or the child uncovered) replaces the
            // child as it is.
            case .logout, .lock, .uncover: expected = false
            }
            guard release == expected else { violated("releasesFirst(\(call)) = \(release)") }
            releasing = release
        }
        let closed = sceneModels[id]?.containerFinished ?? true
        runs.append(
            Run(
                scene: id,
                stamp: stamp,
                call: call,
                kind: kind,
                releasing: releasing,
                stage: closed ? .done(.cancelled) : .pending(arrived: false)
            )
        )
    }

    /// One step of a request in its container: an admission, the factory's build, or the
    /// end of its animation.
    mutating func stepRun(_ input: inout FuzzInput) {
        let live = runs.indices.filter { !runs[$0].isDone }
        guard !live.isEmpty else { return }
        let index = live[input.choose(live.count)]
        let run = runs[index]
        switch run.stage {
        case .pending(arrived: false):
            if ask(run, at: .arrival) {
                runs[index].stage = .pending(arrived: true)
            } else {
                endRun(index, .superseded)
            }
        case .pending(arrived: true):
            // Its container starts one transition at a time.
            guard !runs.contains(where: { $0.scene == run.scene && $0.isInTransition }) else { return }
            guard ask(run, at: .start) else { return endRun(index, .superseded) }
            runs[index].stage = .started(ownTransition(run) ? checkedPlan(run) : nil)
        case .started(let plan):
            if ownTransition(run) { startBuild(run.stamp, in: run.scene) }
            runs[index].stage = .built(plan)
        case .built(let plan):
            guard ask(run, at: .childMade) else { return endRun(index, .superseded) }
            show(run, plan)
            runs[index].stage = .animating
        case .animating:
            endRun(index, .completed)
        case .done:
            break
        }
    }

    /// Whether `run` is a call's own transition (not a release step, not a placement).
    func ownTransition(_ run: Run) -> Bool {
        !run.kind.isPlacement && !run.releasing
    }

    /// The admission closure of `run`'s request, asked at `point` with its scene's child.
    mutating func ask(_ run: Run, at point: FlowAdmissionPoint) -> Bool {
        let scene = sceneModels[run.scene] ?? SceneModel()
        if case .placement = run.kind {
            let admitted = machine.admitPlacement(run.stamp)
            guard admitted == (run.stamp == newest && !finished) else {
                violated("admitPlacement(\(run.stamp)) = \(admitted), newest \(newest)")
            }
            return admitted
        }
        guard run.releasing else {
            return admitChecked(run.stamp, run.call, at: point, current: scene.shown, currentEpoch: scene.epoch)
        }
        let admitted = machine.admitRelease(
            run.stamp,
            run.call,
            at: point,
            current: scene.shown,
            currentEpoch: scene.epoch,
            releasesSessionBeforeSwitch: releasesSessionBeforeSwitch
        )
        let expected = releaseAdmitted(run, shown: scene.shown, currentEpoch: scene.epoch)
        guard admitted == expected else {
            violated(
                "admitRelease(\(run.stamp), \(run.call), \(point), \(scene.shown), \(String(describing: scene.epoch))) = \(admitted)"
            )
        }
        // Showing the switching placeholder begins the call.
        if admitted && point == .start { begun.insert(run.stamp) }
        return admitted
    }

    /// Whether the release step of `run` is admitted while its scene shows `shown`.
    func releaseAdmitted(_ run: Run, shown: AuthPlace<Int>, currentEpoch: UInt64?) -> Bool {
        guard run.stamp == newest, calls[run.stamp]?.ended != true, !finished, case .loggedIn(let session) = shown
        else { return false }
        // With services, a child of a session the flow has left goes before anything is built.
        let leftSession = machine.hasServices && currentEpoch != nil && currentEpoch != sessionEpoch
        let switches = releasesSessionBeforeSwitch || machine.hasServices
        switch run.call {
        case .login(let target): return target != session ? switches : leftSession
        case .refresh(let target): return leftSession || (releasesSessionBeforeSwitch && (target ?? session) == session)
        case .start:
            guard startTargets[run.stamp] != nil, let target = landing(ofStart: run.stamp).liveSession else {
                return false
            }
            return target != session ? switches : leftSession
        // A child of the session a teardown lock left goes before the session is rebuilt.
        case .unlock: return leftSession
        case .logout, .lock, .uncover: return false
        }
    }

    /// The plan of `run`, made right after its admission at its start: it shows the flow's
    /// place (where the call began), with the flow's epoch for a logged-in child or for the
    /// lock screen of a cover lock.
    mutating func checkedPlan(_ run: Run) -> Machine.Plan {
        let scene = sceneModels[run.scene] ?? SceneModel()
        let plan = machine.plan(run.stamp, run.call, current: scene.shown)
        // A switching placeholder's session child prepared already, before it was released.
        var isPlaceholder = false
        if case .switching = scene.shown { isPlaceholder = true }
        let origin: AuthCall
        switch run.call {
        case .start: origin = .start
        case .login: origin = .login
        case .logout: origin = .logout
        case .refresh: origin = .refresh
        case .lock(.privacy): origin = .cover
        case .lock: origin = .lock
        case .unlock: origin = .unlock
        case .uncover: origin = .uncover
        }
        var expected: Machine.Plan
        switch (run.call, place) {
        case (.start, .covered(let session)):
            // A start under the privacy cover: nothing of the session to keep or prepare.
            expected = Machine.Plan(
                phase: .locked(session),
                origin: .start,
                direction: .logout,
                prepares: false,
                epoch: sessionEpoch,
                isPrivacyCover: true
            )
        case (.start, .locked(let session, let keepsSession)):
            // A start on the lock screen: the splash prepares to leave, nothing is kept.
            expected = Machine.Plan(
                phase: .locked(session),
                origin: .start,
                direction: .logout,
                prepares: true,
                epoch: keepsSession ? sessionEpoch : nil
            )
        case (_, .covered(let session)):
            // The privacy cover shows at once over the child as it is, which it keeps, in
            // the session's epoch; nothing prepares to go.
            expected = Machine.Plan(
                phase: .locked(session),
                origin: origin,
                direction: .logout,
                prepares: false,
                epoch: sessionEpoch,
                coveredChild: .kept,
                isPrivacyCover: true
            )
        case (_, .loggedIn(let session)):
            expected = Machine.Plan(
                phase: .loggedIn(session),
                origin: origin,
                direction: .login,
                prepares: !isPlaceholder,
                epoch: sessionEpoch
            )
            if origin == .unlock || origin == .uncover {
                // The lock screen (or the privacy cover) leaves, nothing of the session
                // prepares; a scene shows the child a cover lock kept, if it kept one of this
                // epoch.
                (expected.prepares, expected.coveredChild) = (false, .shownAgain)
            }
        case (_, .loggedOut(let variant)):
            expected = Machine.Plan(
                phase: .loggedOut,
                logoutVariant: variant,
                origin: origin,
                direction: .logout,
                prepares: true
            )
        case (_, .locked(let session, let keepsSession)):
            // A cover lock hides the child as it is and keeps it, in the session's epoch; a
            // teardown lock lets it prepare to go, and its lock screen is of no session.
            expected = Machine.Plan(
                phase: .locked(session),
                origin: origin,
                direction: .logout,
                prepares: !keepsSession,
                epoch: keepsSession ? sessionEpoch : nil,
                coveredChild: keepsSession ? .kept : .untouched
            )
        case (_, .splash), (_, .switching):
            violated("plan(\(run.stamp), \(run.call)) while the flow is at \(place)")
        }
        guard plan == expected else {
            violated("plan(\(run.stamp), \(run.call), \(scene.shown)) = \(plan), place \(place), expected \(expected)")
        }
        return plan
    }

    /// Where a screen of `plan` stands: a lock screen keeps its session exactly when it has
    /// the session's epoch.
    static func place(of plan: Machine.Plan) -> AuthPlace<Int> {
        switch plan.phase {
        case .splash: return .splash
        case .loggedOut: return .loggedOut(plan.logoutVariant ?? .signedOut)
        case .loggedIn(let session): return .loggedIn(session)
        case .locked(let session):
            if plan.isPrivacyCover { return .covered(session) }
            return .locked(session, keepsSession: plan.epoch != nil)
        }
    }

    /// `run`'s child was admitted once made: its scene shows it.
    mutating func show(_ run: Run, _ plan: Machine.Plan?) {
        guard var scene = sceneModels[run.scene] else { return }
        if case .placement(let place, let epoch) = run.kind {
            scene.shown = place
            // A logged-in child or a lock screen is of the epoch it was placed in.
            switch place {
            case .splash, .loggedOut: scene.epoch = nil
            case .loggedIn, .switching, .locked, .covered: scene.epoch = epoch
            }
        } else if run.releasing {
            // The switching placeholder: of the old session, and of no epoch.
            scene.shown = .switching(from: scene.shown.session ?? 0)
            scene.epoch = nil
        } else if let plan {
            scene.shown = Self.place(of: plan)
            scene.epoch = plan.phase == .loggedOut ? nil : plan.epoch
        }
        sceneModels[run.scene] = scene
    }

    /// `run` returns `result` from its container: a release step goes on to the call's own
    /// transition unless it was rejected or cancelled.
    mutating func endRun(_ index: Int, _ result: TransitionResult) {
        if runs[index].releasing, result != .rejected, result != .cancelled {
            runs[index].releasing = false
            let closed = sceneModels[runs[index].scene]?.containerFinished ?? true
            runs[index].stage = closed ? .done(.cancelled) : .pending(arrived: false)
            return
        }
        runs[index].stage = .done(result)
        if runs[index].kind == .join {
            rejoin(runs[index], result)
        }
    }

    /// A join refused: if its call ended before the scene's request reached it and no call
    /// came since, the scene goes where the flow is (`AuthFlow.arrive`).
    mutating func rejoin(_ run: Run, _ result: TransitionResult) {
        let id = AuthSceneID(rawValue: run.scene)
        let next = machine.rejoin(id, after: run.stamp, result: result)
        let ended = calls[run.stamp]?.ended == true
        let ran = result == .completed || result == .interrupted
        let expected =
            !ran && attached.contains(run.scene) && run.stamp == newest && ended ? expectedArrival(of: id) : nil
        guard next == expected else { violated("rejoin(\(id), after: \(run.stamp)) = \(String(describing: next))") }
        switch next {
        case .place(_, let stamp, let place, let epoch, _)?:
            addRun(.placement(place, epoch: epoch), stamp, .start, in: run.scene)
        case .join?:
            violated("rejoin(\(id)) joined again")
        case .wait?, nil:
            break
        }
    }

    /// A request ends before its turn (replaced, rejected, or, for a fan-out, its caller
    /// cancelled), or its animation is cut short by a later request.
    mutating func cutRun(_ input: inout FuzzInput) {
        let live = runs.indices.filter { !runs[$0].isDone }
        guard !live.isEmpty else { return }
        let index = live[input.choose(live.count)]
        switch runs[index].stage {
        case .pending:
            // Only a fan-out runs in the caller's task; follow-ups, joins and placements run
            // in tasks of their own.
            var results: [TransitionResult] = [.superseded, .rejected]
            if runs[index].kind == .fanOut { results.append(.cancelled) }
            endRun(index, results[input.choose(results.count)])
        case .animating:
            endRun(index, .interrupted)
        case .started, .built, .done:
            // Once started, a transition completes.
            break
        }
    }

    /// Scene `id`'s container finishes: pending requests and factories still running are
    /// cancelled, a running animation is cut short.
    mutating func finishContainer(_ id: UInt64) {
        sceneModels[id]?.containerFinished = true
        for index in runs.indices where runs[index].scene == id {
            while !runs[index].isDone {
                endRun(index, runs[index].stage == .animating ? .interrupted : .cancelled)
            }
        }
    }

    /// `scenesEnded` for a call whose requests in its scenes (or its follow-up's) all
    /// returned.
    mutating func scenesEnded(_ input: inout FuzzInput) {
        let ready = phases.keys.sorted().filter { stamp in
            guard case .running = phases[stamp] else { return false }
            return !runs.contains { $0.stamp == stamp && $0.isCallRound && !$0.isDone }
        }
        guard !ready.isEmpty else { return }
        scenesEnded(ready[input.choose(ready.count)])
    }

    mutating func scenesEnded(_ stamp: UInt64) {
        guard case .running(var fan) = phases[stamp], let call = calls[stamp]?.call else { return }
        var results: [(id: UInt64, result: TransitionResult)] = []
        let followingUp = fan.firstRound != nil
        let round = runs.filter { $0.stamp == stamp && $0.isCallRound }
        runs.removeAll { $0.stamp == stamp && $0.isCallRound }
        func result(in id: UInt64) -> TransitionResult {
            guard let run = round.first(where: { $0.scene == id }), case .done(let result) = run.stage else {
                violated("no result of call \(stamp) in scene \(id)")
            }
            return result
        }
        if let firstRound = fan.firstRound {
            results = firstRound.map { fan.followedUp.contains($0.id) ? ($0.id, result(in: $0.id)) : $0 }
        } else {
            results = fan.scenes.map { ($0, result(in: $0)) }
        }
        let action = machine.scenesEnded(
            stamp,
            results.map { (AuthSceneID(rawValue: $0.id), $0.result) },
            followingUp: followingUp
        )
        // Scenes cancelled before the call began in them are run again, once, if it began
        // in another and is still the newest.
        var lagging: [UInt64] = []
        if !followingUp && !finished && stamp == newest && begun.contains(stamp) {
            lagging = attached.filter { id in results.contains { $0.id == id && $0.result == .cancelled } }
        }
        if !lagging.isEmpty {
            guard case .followUp(let scenes) = action, scenes.map(\.id.rawValue) == lagging,
                scenes.map(\.scene) == lagging.map({ Int($0) })
            else { violated("scenesEnded(\(stamp), \(results)) = \(action), expected a follow-up in \(lagging)") }
            fan.firstRound = results
            fan.followedUp = lagging
            phases[stamp] = .running(fan)
            for id in lagging {
                addRun(.followUp, stamp, call, in: id)
            }
            return
        }
        // The scenes still attached count, all of them if none is.
        let counted = results.filter { attached.contains($0.id) }
        let merged = Self.merged((counted.isEmpty ? results : counted).map(\.result))
        guard case .done(merged) = action else {
            violated("scenesEnded(\(stamp), \(results), followingUp: \(followingUp)) = \(action), expected \(merged)")
        }
        phases[stamp] = .fannedIn(merged)
    }

    /// The result across scenes: interrupted, else completed, superseded, rejected,
    /// cancelled.
    static func merged(_ results: [TransitionResult]) -> TransitionResult {
        if results.contains(.interrupted) { return .interrupted }
        if results.contains(.completed) { return .completed }
        if results.contains(.superseded) { return .superseded }
        if results.contains(.rejected) { return .rejected }
        return .cancelled
    }

    /// A placement's admission, asked for any stamp.
    mutating func admitPlacement(_ input: inout FuzzInput) {
        guard let stamp = pickStamp(&input) else { return }
        let admitted = machine.admitPlacement(stamp)
        guard admitted == (stamp == newest && !finished) else { violated("admitPlacement(\(stamp)) = \(admitted)") }
    }

    /// `finish`: every attached scene's container finishes.
    mutating func finish() {
        let (scenes, cancelled) = machine.finish()
        guard scenes.map(\.id.rawValue) == attached, scenes.map(\.scene) == attached.map({ Int($0) }) else {
            violated("finish() = \(scenes.map(\.id)), attached \(attached)")
        }
        guard cancelled == builds.map(\.handle) else {
            violated("finish() cancelled \(cancelled), model \(builds.map(\.handle))")
        }
        builds = []
        finished = true
        for id in attached {
            finishContainer(id)
        }
    }

    /// Drives call `stamp` to its end as the performer would, its requests still running
    /// cancelled or cut short.
    mutating func settle(_ stamp: UInt64) {
        if case .made = phases[stamp] { fanOut(stamp) }
        while case .running = phases[stamp] {
            for index in runs.indices where runs[index].stamp == stamp && runs[index].isCallRound {
                while !runs[index].isDone {
                    endRun(index, runs[index].stage == .animating ? .interrupted : .cancelled)
                }
            }
            scenesEnded(stamp)
            checkModel()
        }
        guard case .fannedIn(let result) = phases[stamp] else { violated("call \(stamp) did not fan in") }
        endCall(stamp, result)
    }

    // MARK: - Checks

    /// The machine's state agrees with the model, and its invariants hold.
    mutating func checkModel() {
        let broken = machine.invariantViolations()
        guard broken.isEmpty else { violated("invariants \(broken)") }
        let machineLastEpoch = machine.placeMachine.lastEpoch
        guard machineLastEpoch >= checkedEpoch else { violated("lastEpoch went back to \(machineLastEpoch)") }
        checkedEpoch = machineLastEpoch
        guard machine.place == place, machine.sessionEpoch == sessionEpoch, machineLastEpoch == lastEpoch,
            machine.placeOrigin == placeOrigin
        else {
            violated(
                "place \(machine.place) epoch \(String(describing: machine.sessionEpoch)) of \(machineLastEpoch)"
                    + " from \(machine.placeOrigin); model \(place) \(String(describing: sessionEpoch)) of \(lastEpoch)"
            )
        }
        guard Self.keepsSession(place) == (sessionEpoch != nil) else {
            violated("place \(place) with epoch \(String(describing: sessionEpoch))")
        }
        // Locks: each target as decided when its call was made, which of the newest lock and
        // the newest cover came last, and the phase the newest call asks for.
        let lastHidden: AuthLockMachine<Int>.LastHidden =
            lastLock > lastCover ? .lock(lastLock) : lastCover > 0 ? .cover(lastCover) : .nothing
        let locks = machine.locks
        guard locks.targets == lockTargets, locks.lastHidden == lastHidden, machine.requestedPhase == requested else {
            violated(
                "targets \(locks.targets), last hidden \(locks.lastHidden), requested \(String(describing: machine.requestedPhase));"
                    + " model \(lockTargets), \(lastHidden), \(String(describing: requested))"
            )
        }
        // The newest lock or cover called, whether it hid the session or not.
        guard locks.newestCalled == max(lastHidden.stamp, lastCoverCall) else {
            violated("newest lock or cover called \(locks.newestCalled); model \(max(lastHidden.stamp, lastCoverCall))")
        }
        // The machine keeps only whether the newest call on its way has begun: no decision
        // reads an older call's.
        guard machine.newestBegun == begun.contains(newest) else {
            violated("newest begun \(machine.newestBegun), model \(begun.sorted()), newest \(newest)")
        }
        // `begun`: the calls that began in some scene and have not ended.
        if let ended = begun.first(where: { calls[$0]?.ended != false }) {
            violated("call \(ended) began after it ended")
        }
        guard machine.scenes.map(\.id.rawValue) == attached, machine.nextScene == nextScene,
            machine.isFinished == finished
        else { violated("scenes \(machine.scenes.map(\.id)), model \(attached)") }
        // Only a call on its way counts as fanned out: once it ended, a scene is placed.
        let newestOnItsWay = newest != 0 && calls[newest]?.ended == false
        guard machine.newestFannedOut == (newestOnItsWay && fannedOut.contains(newest)) else {
            violated("newestFannedOut \(machine.newestFannedOut) for \(newest)")
        }
        // The core as a whole: the services' machine hears each change of the flow's
        // session once, in the step that made it, as `AuthFlow` tells it after every input;
        // so the session whose services may live is always the flow's.
        if let change = machine.takeSessionChange() {
            guard change != services.liveEpoch else {
                violated("the services heard session \(String(describing: change)) twice")
            }
            _ = services.sessionChanged(to: change)
        }
        guard services.liveEpoch == sessionEpoch else {
            violated(
                "the services live for \(String(describing: services.liveEpoch)); the flow is in \(String(describing: sessionEpoch))"
            )
        }
        // Placements and joins report to no one once returned.
        runs.removeAll { $0.isDone && !$0.isCallRound }
    }

    /// The session services' machine, told of the flow's session as `AuthFlow` tells it.
    var services = SessionServicesStateMachine<Int, Int, Int>()

    /// The newest `lastEpoch` checked.
    var checkedEpoch: UInt64 = 0

    /// Runs the decoded input, ends every call, and checks that every joiner was resumed
    /// exactly once.
    mutating func run(_ input: inout FuzzInput) {
        let configuration = input.next()
        machine = Machine(hasServices: configuration & 1 == 1)
        releasesSessionBeforeSwitch = configuration & 2 == 2
        var steps = 0
        while !input.isEmpty, steps < 2_000 {
            steps += 1
            switch input.choose(16) {
            case 0, 1: call(&input)
            case 2: admit(&input)
            case 3: buildStarted(&input)
            case 4: callEnded(&input)
            case 5: attach()
            case 6: detach(&input)
            case 7: fanOut(&input)
            case 8, 9, 10, 11: stepRun(&input)
            case 12: cutRun(&input)
            case 13: scenesEnded(&input)
            case 14: admitPlacement(&input)
            default: if input.choose(4) == 0 { finish() }
            }
            checkModel()
        }
        for stamp in calls.keys.sorted() where calls[stamp]?.ended == false {
            settle(stamp)
            checkModel()
        }
        guard joiners.isEmpty, resumed.count == nextJoiner - unjoinedLogouts else {
            violated("joiners left waiting: \(joiners)")
        }
    }

    /// Logouts that took a joiner but proceeded on their own (they never join).
    var unjoinedLogouts = 0
}

extension AuthMachineDriver.Run {
    /// Whether it is one of its call's rounds, whose result `scenesEnded` hears.
    var isCallRound: Bool { kind == .fanOut || kind == .followUp }
}

extension AuthStateMachine.Call {
    /// Whether the call takes the flow somewhere (a refresh keeps the session shown).
    var changesPlace: Bool {
        if case .refresh = self { return false }
        return true
    }
}
