/// The order of an ``AuthFlow``'s calls: the stamps, the newest call and its factories, the
/// logouts that joined an older one, and the calls answered unchanged where they began.
/// One of the small machines of ``AuthStateMachine``, which decides what each call is;
/// this one only keeps their order.
///
/// Every call takes a stamp from one counter the moment it is made (``issue()``). The
/// newest call that decides (``makeNewest(_:_:)``) is the only one that may still begin,
/// build or show anything: every older one is *superseded*. A call may join the newest
/// one instead (``join(_:if:)``) and is resumed with its result when it ends.
///
/// `Call` is what a call is, `Joiner` how a joined call is resumed, `Build` the handle of a
/// running factory, which a newer call cancels: one or more per scene the call builds in.
///
/// ## Invariants
/// ``invariantViolations()`` checks them; its table after every row, the auth fuzzer after
/// every input. The state enum makes three more unrepresentable: factories run only for
/// the newest call, only the newest call on its way can be joined, and only the newest
/// call on its way counts as begun.
/// 1. The newest call, every call with joiners and every call answered unchanged is an
///    issued stamp.
struct AuthCallOrder<Call, Joiner, Build> {
    typealias Stamp = UInt64

    /// The newest call that decides.
    enum State {
        /// No call has decided yet.
        case idle
        /// Call `stamp`, made as `call`, is on its way; `builds` are its factories started
        /// so far, in the scenes they build in; `fannedOut` once it has fanned out to the
        /// scenes (``fannedOut(_:)``); `begun` once it has begun in some scene (``began(_:)``).
        case running(Stamp, Call, builds: [SceneBuild], fannedOut: Bool, begun: Bool)
        /// Call `stamp`, made as `call`, has ended; `builds` are the factories of scenes that
        /// joined it late and build after it ended (``buildStarted(_:in:_:)``).
        case ended(Stamp, Call, builds: [SceneBuild])
    }

    /// One factory of the newest call, and the scene it builds in.
    struct SceneBuild {
        var scene: AuthSceneID
        var handle: Build
    }

    /// What to do with a factory that has just started.
    enum BuildAction {
        /// Let it run; a newer call cancels it.
        case keep
        /// A newer call was made meanwhile, or the call ended: cancel it now.
        case cancel(Build)
    }

    /// What ``end(_:)`` returns: the calls that joined the call, and whether it was answered
    /// unchanged where it began.
    struct Ending {
        /// The calls that joined the call, to resume with its result.
        var joiners: [Joiner]
        /// The call found its destination shown already (``answeredUnchanged(_:)``): ended
        /// superseded, it returns `unchanged`.
        var answeredUnchanged: Bool
    }

    /// How many calls have been made: joined and refused calls included.
    private(set) var lastStamp: Stamp = 0
    private(set) var state: State = .idle
    /// The calls waiting for each call they joined, resumed when it ends.
    private(set) var joiners: [Stamp: [Joiner]] = [:]
    /// The calls answered unchanged where they began and not ended yet; any call, older
    /// ones included: a newer call may supersede one before it ends.
    private(set) var unchanged: Set<Stamp> = []

    /// The newest call that decides; 0 before any.
    var newest: Stamp {
        switch state {
        case .idle: return 0
        case .running(let stamp, _, _, _, _), .ended(let stamp, _, _): return stamp
        }
    }

    /// What the newest call is; `nil` before any.
    var newestCall: Call? {
        switch state {
        case .idle: return nil
        case .running(_, let call, _, _, _), .ended(_, let call, _): return call
        }
    }

    /// Whether the newest call has ended.
    var newestEnded: Bool {
        if case .ended = state { return true }
        return false
    }

    /// The newest call, if it is on its way.
    var onItsWay: Call? {
        if case .running(_, let call, _, _, _) = state { return call }
        return nil
    }

    /// Whether the newest call is on its way and has fanned out to the scenes.
    var newestFannedOut: Bool {
        if case .running(_, _, _, fannedOut: true, _) = state { return true }
        return false
    }

    /// Whether the newest call is on its way and has begun in some scene.
    var newestBegun: Bool {
        if case .running(_, _, _, _, begun: true) = state { return true }
        return false
    }

    /// The factories started for the newest call and not yet let go, in the order they
    /// started; empty before any call.
    var builds: [SceneBuild] {
        switch state {
        case .idle: return []
        case .running(_, _, let builds, _, _), .ended(_, _, let builds): return builds
        }
    }

    /// Whether call `stamp` is superseded: a newer call decides, or it has ended.
    func isSuperseded(_ stamp: Stamp) -> Bool {
        guard case .running(let newest, _, _, _, _) = state else { return true }
        return stamp != newest
    }

    // MARK: - Inputs

    /// A call is made: it takes the next stamp, whatever it turns out to be.
    mutating func issue() -> Stamp {
        lastStamp += 1
        return lastStamp
    }

    /// The call just issued joins the newest call, if that one is on its way and `joinable`
    /// accepts it: `joiner` is resumed when it ends (``end(_:)``). Returns the stamp joined.
    mutating func join(_ joiner: Joiner, if joinable: (Call) -> Bool) -> Stamp? {
        guard case .running(let stamp, let call, _, _, _) = state, joinable(call) else { return nil }
        joiners[stamp, default: []].append(joiner)
        return stamp
    }

    /// The call just issued, `stamp`, made as `call`, decides from now on: every older call
    /// is superseded. Returns the older call's factories to cancel, in every scene, in the
    /// order they started.
    mutating func makeNewest(_ stamp: Stamp, _ call: Call) -> [Build] {
        precondition(stamp == lastStamp, "Internal inconsistency: call \(stamp) made newest after \(lastStamp)")
        let cancelled = builds.isEmpty ? [] : builds.map { $0.handle }
        state = .running(stamp, call, builds: [], fannedOut: false, begun: false)
        return cancelled
    }

    /// Call `stamp` has fanned out to the scenes: a scene attached from now on, while it is
    /// on its way, is brought to it (``AuthStateMachine/arrival(of:)`` says how; a refresh's
    /// places the scene). Any other call's fan-out changes nothing.
    mutating func fannedOut(_ stamp: Stamp) {
        if case .running(stamp, let call, let builds, _, let begun) = state {
            state = .running(stamp, call, builds: builds, fannedOut: true, begun: begun)
        }
    }

    /// Call `stamp` has begun in a scene: its admission at the start moved the flow, or its
    /// release step let the old session's child go. Any other call's beginning changes
    /// nothing: only the newest call on its way begins.
    mutating func began(_ stamp: Stamp) {
        if case .running(stamp, let call, let builds, let fannedOut, _) = state {
            state = .running(stamp, call, builds: builds, fannedOut: fannedOut, begun: true)
        }
    }

    /// A factory of call `stamp` has started in `scene` as `handle`: it runs while the call
    /// is the newest, even once it has ended (a scene attached during the call joins it, and
    /// may build after the caller's scenes are done). Every one is kept: a call that runs in
    /// two scenes starts two, and a newer call cancels both (until 2026-12-07 only the one
    /// started last was kept, and the other scene's factory ran on uncancelled).
    mutating func buildStarted(_ stamp: Stamp, in scene: AuthSceneID, _ handle: Build) -> BuildAction {
        let build = SceneBuild(scene: scene, handle: handle)
        // The state is emptied while the list grows, so that it grows in place.
        switch state {
        case .running(stamp, let call, var builds, let fannedOut, let begun):
            state = .idle
            builds.append(build)
            state = .running(stamp, call, builds: builds, fannedOut: fannedOut, begun: begun)
        case .ended(stamp, let call, var builds):
            state = .idle
            builds.append(build)
            state = .ended(stamp, call, builds: builds)
        case .idle, .running, .ended: return .cancel(handle)
        }
        return .keep
    }

    /// Scene `scene` is detached: the newest call's factories there are let go, and
    /// returned to cancel (the scene shows nothing more; its container drops what they
    /// make). So a flow whose windows come and go keeps no factory of a window gone.
    mutating func detached(_ scene: AuthSceneID) -> [Build] {
        guard builds.contains(where: { $0.scene == scene }) else { return [] }
        let gone = builds.filter { $0.scene == scene }.map { $0.handle }
        keep(builds.filter { $0.scene != scene })
        return gone
    }

    /// Call `stamp` was answered unchanged where it began: the scene shows its destination
    /// already. ``end(_:)`` says so once it ends.
    mutating func answeredUnchanged(_ stamp: Stamp) {
        unchanged.insert(stamp)
    }

    /// Call `stamp` has ended: returns the calls that joined it, and whether it was
    /// answered unchanged; the order forgets both, and keeps its factories (until
    /// 2026-12-07 it forgot them, so a late scene's factory still running was not cancelled
    /// by the next call).
    mutating func end(_ stamp: Stamp) -> Ending {
        switch state {
        // Its factories are kept: a scene that joined it late, or one placed while it ran,
        // may still build, and a newer call must cancel that one too. A newer call or the
        // scene's detach lets them go, outside the lock.
        case .running(stamp, let call, let builds, _, _): state = .ended(stamp, call, builds: builds)
        case .idle, .running, .ended: break
        }
        return Ending(
            joiners: joiners.removeValue(forKey: stamp) ?? [],
            answeredUnchanged: unchanged.remove(stamp) != nil
        )
    }

    /// The flow finishes: every factory of the newest call is let go, and returned to
    /// cancel (their children would be dropped). Every one started later is cancelled by
    /// its own step (``AuthStateMachine/buildStarted(_:in:_:)`` checks the flow is not
    /// finished).
    mutating func finished() -> [Build] {
        let handles = builds.map { $0.handle }
        keep([])
        return handles
    }

    /// The newest call keeps `kept` as its factories, and nothing else changes.
    private mutating func keep(_ kept: [SceneBuild]) {
        switch state {
        case .idle: break
        case .running(let stamp, let call, _, let fannedOut, let begun):
            state = .running(stamp, call, builds: kept, fannedOut: fannedOut, begun: begun)
        case .ended(let stamp, let call, _): state = .ended(stamp, call, builds: kept)
        }
    }

    /// The invariants of the type's documentation that the state breaks; empty when all hold.
    func invariantViolations() -> [String] {
        let held = [newest] + Array(joiners.keys) + Array(unchanged)
        guard let late = held.max(), late > lastStamp else { return [] }
        return ["1: stamp \(late) after \(lastStamp) calls"]
    }
}

extension AuthCallOrder: Sendable where Call: Sendable, Joiner: Sendable, Build: Sendable {}
extension AuthCallOrder.State: Sendable where Call: Sendable, Build: Sendable {}
extension AuthCallOrder.State: Equatable where Call: Equatable, Build: Equatable {}
extension AuthCallOrder.SceneBuild: Sendable where Build: Sendable {}
extension AuthCallOrder.SceneBuild: Equatable where Build: Equatable {}
extension AuthCallOrder.BuildAction: Sendable where Build: Sendable {}
extension AuthCallOrder.BuildAction: Equatable where Build: Equatable {}
