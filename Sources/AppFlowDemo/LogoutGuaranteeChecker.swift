import AppFlow

/// A session of the AuthFlow act: the call that asked for it, so that any logged-in child
/// can be traced back to its place in call order.
public struct DemoSession: Sendable, Hashable, CustomStringConvertible {
    /// The index of the `login` or `start` call in the act's plan.
    public let call: Int

    /// A session asked for by call `call`.
    public init(call: Int) {
        self.call = call
    }

    /// `u` and the call, as in `u17`.
    public var description: String { "u\(call)" }
}

/// Which `AuthFlow` method a planned call uses.
public enum AuthCallKind: Sendable, Hashable {
    /// `start()`, restoring a session: ordered like a login.
    case start
    /// `login(_:)`.
    case login
    /// `logout()`.
    case logout

    /// Whether it asks for a logged-in child (and so ends a logout's guarantee).
    public var isLogin: Bool { self != .logout }
}

/// What the AuthFlow act saw, in the order it saw it: each observation is stamped by being
/// appended under one lock, so the order of a sequence is the order in real time.
public enum AuthObservation: Sendable, Equatable {
    /// Call `call` of batch `batch` is about to be made (stamped before the call).
    ///
    /// Every call of a batch has the same direction, and a batch is made only once every
    /// call of the batch before it has taken its number: so a call of an earlier batch was
    /// certainly called before a call of a later one.
    case calling(call: Int, batch: Int, kind: AuthCallKind)
    /// Call `call` returned `result` (stamped after it returned).
    case returned(call: Int, result: AuthResult)
    /// A logged-in child for `session` was built (stamped inside the provider's factory,
    /// before it returns): counted, never a breach.
    case built(DemoSession)
    /// The stage mounted transition `transition`, whose child is logged in for `session`
    /// (`nil`: logged out). Stamped inside the transition.
    case shown(TransitionID, session: DemoSession?)
    /// An observer of `events()` received an event (stamped on receipt).
    case announced(AuthEvent<DemoSession, AppScreen>.Kind, session: DemoSession?, transition: TransitionID)
}

/// Checks AuthFlow's security invariant on a sequence of stamped observations, one at a
/// time, so it can run live: once a logout has returned (any result but `cancelled`), no
/// login called before it may ever have its logged-in child shown or announced, whatever
/// is called later.
///
/// It flags only certain violations. A login's call is stamped before it is made, a
/// logout's return after it returned, a mount inside the transition: so a mount stamped
/// after the return really came after it. A build is no breach: a logout does not wait
/// for a superseded login's factory that is already building, which may finish (or, already
/// cancelled, even begin) after the logout returned; its child is dropped unseen. An
/// announcement is judged by the mount of its transition, since an observer receives it
/// some time later.
///
/// A pure value: feed it any sequence, including a made-up violating one.
public struct LogoutGuaranteeChecker: Sendable {
    /// A breach of the invariant.
    public enum Violation: Sendable, Hashable, CustomStringConvertible {
        /// `session`'s child was shown after logout `logout` returned.
        case shown(DemoSession, afterLogout: Int)
        /// `session`'s child was announced, and shown after logout `logout` returned.
        case announced(DemoSession, afterLogout: Int)
        /// A login event whose transition the stage never showed with that session.
        case announcedButNotShown(DemoSession?, TransitionID)

        /// One line about it.
        public var description: String {
            switch self {
            case .shown(let session, let logout): return "\(session) shown after logout #\(logout) returned"
            case .announced(let session, let logout): return "\(session) announced after logout #\(logout) returned"
            case .announcedButNotShown(let session, let id):
                return "\(session.map(String.init(describing:)) ?? "logout") announced by \(id), never shown"
            }
        }
    }

    /// The returned logout of the newest batch: every login of an earlier batch is
    /// barred from being shown, for good.
    private var guarding: (call: Int, batch: Int)?
    private var batchOfCall: [Int: Int] = [:]
    private var kindOfCall: [Int: AuthCallKind] = [:]
    private var lastBatch: (index: Int, isLogin: Bool)?
    /// Each mounted transition: its session and whether it was shown in breach.
    private var shows: [TransitionID: (session: DemoSession?, breach: Int?)] = [:]
    /// Login announcements received before their transition's mount was observed.
    private var waiting: [TransitionID: [(kind: AuthEvent<DemoSession, AppScreen>.Kind, session: DemoSession?)]] = [:]

    /// Every breach found so far, in the order found.
    public private(set) var violations: [Violation] = []
    /// What is wrong with the final phase, if anything (set by ``finish(finalPhase:)``).
    public private(set) var finalPhaseProblem: String?
    /// How many calls were made.
    public private(set) var calls = 0
    /// How many calls of each kind were made.
    public private(set) var callsByKind: [AuthCallKind: Int] = [:]
    /// How many calls ended with each result.
    public private(set) var results: [AuthResult: Int] = [:]
    /// How many logged-in children were built.
    public private(set) var built = 0
    /// How many transitions the stage mounted.
    public private(set) var shown = 0
    /// How many logouts returned (not cancelled): each bars every login called before it.
    public private(set) var guardedLogouts = 0

    /// A checker that has seen nothing.
    public init() {}

    /// How many calls have returned.
    public var returned: Int { results.values.reduce(0, +) }

    /// Takes the next observation into account.
    public mutating func observe(_ observation: AuthObservation) {
        switch observation {
        case .calling(let call, let batch, let kind):
            calls += 1
            callsByKind[kind, default: 0] += 1
            batchOfCall[call] = batch
            kindOfCall[call] = kind
            lastBatch = (batch, kind.isLogin)
        case .returned(let call, let result):
            results[result, default: 0] += 1
            guard kindOfCall[call] == .logout, result != .cancelled, let batch = batchOfCall[call] else { return }
            guardedLogouts += 1
            if guarding.map({ $0.batch <= batch }) ?? true { guarding = (call, batch) }
        case .built:
            built += 1
        case .shown(let id, let session):
            shown += 1
            let logout = session.flatMap { breach(by: $0, of: guarding) }
            if let session, let logout { violations.append(.shown(session, afterLogout: logout)) }
            shows[id] = (session, logout)
            for announcement in waiting.removeValue(forKey: id) ?? [] {
                judge(announcement.kind, session: announcement.session, transition: id)
            }
        case .announced(let kind, let session, let id):
            guard kind == .willLogin || kind == .didLogin else { return }
            if shows[id] != nil {
                judge(kind, session: session, transition: id)
            } else {
                waiting[id, default: []].append((kind, session))
            }
        }
    }

    /// Ends the sequence: announcements never shown are breaches, and the final phase must
    /// be the last batch's direction (a login of that batch, or logged out).
    public mutating func finish(finalPhase: AuthPhase<DemoSession>) {
        for (id, announcements) in waiting.sorted(by: { $0.key < $1.key }) {
            for announcement in announcements {
                violations.append(.announcedButNotShown(announcement.session, id))
            }
        }
        waiting = [:]
        guard let lastBatch else { return }
        let matches: Bool
        switch finalPhase {
        case .loggedIn(let session): matches = lastBatch.isLogin && batchOfCall[session.call] == lastBatch.index
        case .loggedOut: matches = !lastBatch.isLogin
        case .splash, .locked: matches = false
        @unknown default: matches = false
        }
        if !matches {
            let expected = lastBatch.isLogin ? "a login of the last batch (\(lastBatch.index))" : "logged out"
            finalPhaseProblem = "final phase \(Self.name(of: finalPhase)), expected \(expected)"
        }
    }

    /// Whether no breach of the logout guarantee was found.
    public var holds: Bool { violations.isEmpty }

    /// `phase` as the summary prints it: `logged out`, `logged in as u17`.
    public static func name<Session>(of phase: AuthPhase<Session>) -> String {
        switch phase {
        case .splash: return "splash"
        case .loggedOut: return "logged out"
        case .loggedIn(let session): return "logged in as \(session)"
        case .locked(let session): return "locked over \(session)"
        @unknown default: return "\(phase)"
        }
    }

    /// The logout of `bar` whose guarantee `session`'s login breaks now, if any.
    private func breach(by session: DemoSession, of bar: (call: Int, batch: Int)?) -> Int? {
        guard let guarding = bar, let batch = batchOfCall[session.call], batch < guarding.batch else { return nil }
        return guarding.call
    }

    private mutating func judge(
        _ kind: AuthEvent<DemoSession, AppScreen>.Kind,
        session: DemoSession?,
        transition id: TransitionID
    ) {
        guard let show = shows[id], show.session == session, let session else {
            violations.append(.announcedButNotShown(session, id))
            return
        }
        if let logout = show.breach, kind == .willLogin {
            violations.append(.announced(session, afterLogout: logout))
        }
    }
}
