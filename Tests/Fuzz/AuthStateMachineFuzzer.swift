// The AuthFlow half of the fuzz target: `AuthStateMachine` driven by decoded calls,
// checked against a reference model of call order. Built by `Tests/Fuzz/fuzz.sh`.

/// Drives an `AuthStateMachine` as `AuthFlow` would, keeping the reference model.
struct AuthMachineDriver {
    typealias Machine = AuthStateMachine<Int, Int, Int, Int>

    var machine = Machine()
    /// Every stamp issued, with its call, and whether it has ended.
    var calls: [UInt64: (call: Machine.Call, ended: Bool)] = [:]
    var newest: UInt64 = 0
    var callCount: UInt64 = 0
    /// The running factory registered with the machine, if any.
    var build: (stamp: UInt64, handle: Int)?
    var nextHandle = 0
    /// Joiners by the stamp they joined; each must be resumed once, when it ends.
    var joiners: [UInt64: [Int]] = [:]
    var resumed: Set<Int> = []
    var nextJoiner = 0
    /// Where each start lands, told to the machine as soon as the start proceeds.
    var startTargets: [UInt64: AuthInitialState<Int>] = [:]
    /// Calls the machine refused as unchanged at their start.
    var unchanged: Set<UInt64> = []

    static let variants: [LogoutVariant] = [.signedOut, LogoutVariant("softLogout")]

    mutating func call(_ input: inout FuzzInput) {
        let session = input.choose(3)
        let call: Machine.Call
        switch input.choose(4) {
        case 0: call = .start
        case 1: call = .login(session)
        case 2: call = .logout(Self.variants[input.choose(2)])
        default: call = .refresh(input.bit() ? session : nil)
        }
        var joiner: Int?
        if case .logout = call, input.choose(4) != 0 {
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
        // A refresh never overtakes a start, login or logout on its way.
        let refreshRefused: Bool = {
            guard case .refresh = call, let newestCall = calls[newest], !newestCall.ended else { return false }
            if case .refresh = newestCall.call { return false }
            return true
        }()
        callCount += 1
        switch machine.call(call, joiner: joiner) {
        case .resolve(let result):
            guard refreshRefused, result == .unchanged else { violated("call \(call) resolved \(result)") }
        case .proceed(let stamp, let cancelBuild):
            guard !joinable, !refreshRefused, stamp == callCount else {
                violated("call \(call) took stamp \(stamp), should have joined")
            }
            guard cancelBuild == build?.handle else {
                violated("call \(call) cancelled \(String(describing: cancelBuild))")
            }
            if joiner != nil { unjoinedLogouts += 1 }
            build = nil
            calls[stamp] = (call, false)
            newest = stamp
            if case .start = call {
                let target: AuthInitialState<Int> =
                    input.bit() ? .loggedIn(session) : .loggedOut(Self.variants[input.choose(2)])
                startTargets[stamp] = target
                machine.startAnswered(stamp, target)
            }
        case .joined(let stamp):
            guard joinable, !refreshRefused, stamp == newest, let joiner else {
                violated("call \(call) joined \(stamp) wrongly")
            }
            joiners[stamp, default: []].append(joiner)
        }
        guard machine.callCount == callCount else { violated("callCount \(machine.callCount), model \(callCount)") }
    }

    mutating func admit(_ input: inout FuzzInput) {
        // The container asks only while the call runs.
        guard let stamp = pickStamp(&input), let call = calls[stamp]?.call, calls[stamp]?.ended == false else { return }
        let point: FlowAdmissionPoint = [.arrival, .start, .childMade][input.choose(3)]
        let places: [AuthPlace<Int>] = [
            .splash, .loggedOut(Self.variants[0]), .loggedOut(Self.variants[1]), .loggedIn(0), .loggedIn(1),
            .switching(from: 0),
        ]
        let current = places[input.choose(places.count)]
        let verdict = machine.admit(stamp, call, at: point, current: current)
        let expected: Machine.AdmitAction
        if stamp != newest {
            expected = .refuse(.stale)
        } else if point != .start {
            expected = .admit
        } else {
            let unchanged: Bool
            switch call {
            case .start: unchanged = current == startTargets[stamp]?.place
            case .login(let session): unchanged = current == .loggedIn(session)
            case .logout(let variant): unchanged = current == .loggedOut(variant)
            case .refresh(let session):
                switch current {
                case .loggedIn(let shown), .switching(from: let shown): unchanged = session.map { $0 != shown } ?? false
                case .splash, .loggedOut: unchanged = true
                }
            }
            expected = unchanged ? .refuse(.unchanged) : .admit
        }
        if expected == .refuse(.unchanged) { self.unchanged.insert(stamp) }
        guard verdict == expected else { violated("admit(\(stamp), \(call), \(point), \(current)) = \(verdict)") }
    }

    mutating func buildStarted(_ input: inout FuzzInput) {
        guard let stamp = pickStamp(&input), calls[stamp]?.ended == false else { return }
        nextHandle += 1
        switch machine.buildStarted(stamp, nextHandle) {
        case .keep:
            guard stamp == newest else { violated("a stale build of \(stamp) was kept") }
            build = (stamp, nextHandle)
        case .cancel(let handle):
            guard stamp != newest, handle == nextHandle else { violated("the newest build of \(stamp) was cancelled") }
        }
    }

    mutating func callEnded(_ input: inout FuzzInput) {
        guard let stamp = pickStamp(&input), calls[stamp]?.ended == false else { return }
        endCall(stamp, TransitionResult.allCases[input.choose(TransitionResult.allCases.count)])
    }

    mutating func endCall(_ stamp: UInt64, _ result: TransitionResult) {
        calls[stamp]?.ended = true
        let end = machine.callEnded(stamp, result: result)
        let expected: AuthResult =
            result == .superseded && unchanged.remove(stamp) != nil ? .unchanged : AuthResult(result)
        unchanged.remove(stamp)
        guard end.result == expected else { violated("call \(stamp) ended \(result) as \(end.result)") }
        guard end.joiners == joiners.removeValue(forKey: stamp) ?? [] else {
            violated("call \(stamp) ended resuming \(end.joiners)")
        }
        for joiner in end.joiners {
            guard resumed.insert(joiner).inserted else { violated("joiner \(joiner) resumed twice") }
        }
        if build?.stamp == stamp { build = nil }
    }

    func pickStamp(_ input: inout FuzzInput) -> UInt64? {
        guard !calls.isEmpty else { return nil }
        let stamps = calls.keys.sorted()
        return stamps[input.choose(stamps.count)]
    }

    /// Runs the decoded input, ends every call, and checks that every joiner was resumed
    /// exactly once.
    mutating func run(_ input: inout FuzzInput) {
        var steps = 0
        while !input.isEmpty, steps < 2_000 {
            steps += 1
            switch input.choose(5) {
            case 0, 1: call(&input)
            case 2: admit(&input)
            case 3: buildStarted(&input)
            default: callEnded(&input)
            }
            let broken = machine.invariantViolations()
            guard broken.isEmpty else { violated("invariants \(broken)") }
        }
        for stamp in calls.keys.sorted() where calls[stamp]?.ended == false {
            endCall(stamp, .completed)
        }
        guard joiners.isEmpty, resumed.count == nextJoiner - unjoinedLogouts else {
            violated("joiners left waiting: \(joiners)")
        }
    }

    /// Logouts that took a joiner but proceeded on their own (they never join).
    var unjoinedLogouts = 0
}
