// The auth machine's whole state as plain values, for the table tests and the fuzzer.

extension AuthStateMachine {
    /// The state as plain values, so that tests can compare states.
    struct Snapshot {
        var lastStamp: Stamp = 0
        var newest: Stamp = 0
        var newestCall: Call?
        var newestEnded = false
        var joinableLogout: Stamp?
        var joinableVariant: LogoutVariant?
        var joiners: [Stamp: [Joiner]] = [:]
        /// The call whose factories run (the newest), if any run.
        var build: Stamp?
        /// Those factories, in the order they started, with the scene each builds in.
        var buildHandles: [AuthCallOrder<Call, Joiner, Build>.SceneBuild] = []
        var startAnswers: [Stamp: AuthInitialState<Session>] = [:]
        var unchangedCalls: Set<Stamp> = []
        var requestedPhase: AuthPhase<Session>?
        var targets: [Stamp: AuthPlace<Session>] = [:]
        var hiding: AuthLockMachine<Session>.Hiding = .hidden(.nothing)
        var startGuards: [Stamp: [StartGuard]] = [:]
        var guardJoiners: [Stamp: [Stamp: Joiner]] = [:]
        var carriedGuards: [StartGuard] = []
        var scenes: [AuthSceneID] = []
        var nextScene: UInt64 = 1
        var newestFannedOut = false
        var place: AuthPlace<Session> = .splash
        var sessionEpoch: UInt64?
        var lastEpoch: UInt64 = 0
        /// Whether the newest call is on its way and has begun in some scene.
        var newestBegun = false
        var isFinished = false
    }

    /// The state now.
    var snapshot: Snapshot {
        var joinable: (stamp: Stamp, variant: LogoutVariant)?
        if case .running(let stamp, .logout(let variant), _, _, _) = order.state { joinable = (stamp, variant) }
        return Snapshot(
            lastStamp: lastStamp,
            newest: newest,
            newestCall: newestCall,
            newestEnded: newestEnded,
            joinableLogout: joinable?.stamp,
            joinableVariant: joinable?.variant,
            joiners: order.joiners,
            build: order.builds.isEmpty ? nil : newest,
            buildHandles: order.builds,
            startAnswers: starts.starts.compactMapValues { $0.answer },
            unchangedCalls: order.unchanged,
            requestedPhase: requestedPhase,
            targets: locks.targets,
            hiding: locks.hiding,
            startGuards: starts.starts.compactMapValues { $0.guards.isEmpty ? nil : $0.guards.map { $0.guard } },
            guardJoiners: starts.starts.compactMapValues { start in
                let joined = start.guards.compactMap { entry in entry.joiner.map { (entry.guard.by, $0) } }
                return joined.isEmpty ? nil : Dictionary(uniqueKeysWithValues: joined)
            },
            carriedGuards: starts.carried,
            scenes: scenes.map { $0.id },
            nextScene: nextScene,
            newestFannedOut: newestFannedOut,
            place: place,
            sessionEpoch: sessionEpoch,
            lastEpoch: placeMachine.lastEpoch,
            newestBegun: newestBegun,
            isFinished: isFinished
        )
    }
}

extension AuthStateMachine.Snapshot: Sendable where Joiner: Sendable, Build: Sendable {}
extension AuthStateMachine.Snapshot: Equatable where Joiner: Equatable, Build: Equatable {}
