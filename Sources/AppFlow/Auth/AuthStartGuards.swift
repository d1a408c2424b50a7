/// The starts on their way: where each lands once its provider answered, and the locks,
/// covers, unlocks and uncovers made before it began (its guards), each with the caller to
/// resume when the start ends; and the guards of a start that ended without beginning
/// anywhere, carried to the next start. A plain value with no `await`, one part of
/// ``AuthStateMachine``; its table is `AuthStartGuardsTable.txt`.
///
/// A guard joins one start and keeps its caller with it, so a caller resumed for a call
/// that is none of the start's guards cannot be written down. Guards carried to the next
/// start keep no caller: the start they joined resumed them when it ended. A start keeps
/// the two apart (``Start/carried``, ``Start/joined``), so a carried guard with a caller,
/// a joined one without, or a carried one after a joined one cannot be written down either.
struct AuthStartGuards<Session: Sendable & Equatable, Joiner> {
    typealias Stamp = UInt64

    /// One lock, cover, unlock or uncover made while a start had not begun: the start lands
    /// where its answer puts it, with each of these applied in call order as if made once
    /// it had landed (``fold(ofStart:)``).
    struct Guard: Sendable, Hashable {
        enum Kind: Sendable, Hashable {
            /// The privacy cover: covers a session.
            case cover
            /// A lock: locks a session, covered or not, kept alive for the cover style.
            case lock(keepsSession: Bool)
            /// An uncover: shows a covered session.
            case uncover
            /// An unlock: shows a locked session.
            case unlock
        }

        var kind: Kind
        /// The call that made it; carried from a start that never began to the next start,
        /// it has no caller left to resume.
        var by: Stamp
    }

    /// One start on its way.
    struct Start {
        /// Where its provider says it lands; `nil` until it answered.
        var answer: AuthInitialState<Session>?
        /// The guards carried from an earlier start, in call order: all made before this
        /// start, with no caller left to resume.
        var carried: [Guard] = []
        /// The guards that joined this start, in call order, each with the caller to resume
        /// when the start ends.
        var joined: [(guard: Guard, joiner: Joiner)] = []

        /// Its guards in call order, the carried ones (no caller) first.
        var guards: [(guard: Guard, joiner: Joiner?)] {
            carried.map { ($0, nil) } + joined.map { ($0.guard, $0.joiner) }
        }
    }

    /// One guard of a start applied: where the start lands after it, and whether it
    /// changed that.
    struct Step {
        var by: Stamp
        var place: AuthPlace<Session>
        var changed: Bool
    }

    /// The starts on their way that have an answer or a guard.
    private(set) var starts: [Stamp: Start] = [:]
    /// The guards of the newest call, a start that ended without beginning anywhere: they
    /// are still in force, and the next start lands under them. Any other call drops them.
    private(set) var carried: [Guard] = []

    // MARK: - Inputs

    /// Call `stamp` was made. A start lands under the guards carried so far, or under those
    /// of `unbegunStart`, the start it replaces before that one began anywhere; any call
    /// then drops the carried guards.
    mutating func called(_ stamp: Stamp, isStart: Bool, replacingUnbegunStart unbegunStart: Stamp?) {
        if isStart {
            if let unbegunStart { carried = starts[unbegunStart]?.guards.map { $0.guard } ?? [] }
            if !carried.isEmpty { starts[stamp, default: Start()].carried = carried }
        }
        carried = []
    }

    /// The provider told start `stamp` where it lands.
    mutating func answered(_ stamp: Stamp, _ answer: AuthInitialState<Session>) {
        starts[stamp, default: Start()].answer = answer
    }

    /// Call `call` joins start `start` as a guard of `kind`; `joiner` is resumed when the
    /// start ends.
    mutating func join(_ start: Stamp, _ kind: Guard.Kind, by call: Stamp, _ joiner: Joiner) {
        starts[start, default: Start()].joined.append((Guard(kind: kind, by: call), joiner))
    }

    /// Start `stamp` (any call, in fact: a call that is no start has nothing here) ended
    /// with `result`: each caller of its guards, in call order, with its own result. With
    /// `carries` (the newest call, a start that never began anywhere) its guards stay in
    /// force for the next start.
    mutating func ended(_ stamp: Stamp, result: AuthResult, carries: Bool) -> [(joiner: Joiner, result: AuthResult)] {
        guard let start = starts.removeValue(forKey: stamp) else { return [] }
        let steps = Self.fold(start)
        let resumed = start.joined.map { entry in
            (entry.joiner, Self.result(of: entry.guard.by, steps, start.answer != nil, result))
        }
        if carries, !start.guards.isEmpty { carried = start.guards.map { $0.guard } }
        return resumed
    }

    // MARK: - Answers

    /// Where start `stamp`'s provider says it lands; `nil` until it answered.
    func answer(of stamp: Stamp) -> AuthInitialState<Session>? {
        starts[stamp]?.answer
    }

    /// Whether start `stamp` has guards.
    func hasGuards(_ stamp: Stamp) -> Bool {
        starts[stamp].map { !$0.guards.isEmpty } ?? false
    }

    /// The guards of start `stamp` applied in call order to where its answer puts it, as
    /// each call would act once the start had landed: a cover covers a session shown, a
    /// lock locks a session shown or covered, an uncover shows a covered session, an
    /// unlock a locked one; anything else changes nothing. Empty before it answered.
    func fold(ofStart stamp: Stamp) -> [Step] {
        starts[stamp].map(Self.fold) ?? []
    }

    private static func fold(_ start: Start) -> [Step] {
        guard var place = start.answer?.place else { return [] }
        return start.guards.map { entry in
            let before = place
            switch (entry.guard.kind, place) {
            case (.cover, .loggedIn(let session)): place = .covered(session)
            case (.lock(let keepsSession), .loggedIn(let session)), (.lock(let keepsSession), .covered(let session)):
                place = .locked(session, keepsSession: keepsSession)
            case (.uncover, .covered(let session)), (.unlock, .locked(let session, _)): place = .loggedIn(session)
            default: break
            }
            return Step(by: entry.guard.by, place: place, changed: place != before)
        }
    }

    /// What guard call `call` returns once its start returns `result`: the start's result
    /// if the start never placed its screen (or never answered); ``AuthResult/superseded``
    /// if a later guard decided instead; else the start's result if the start landed as the
    /// call asked, ``AuthResult/unchanged`` if it did not (a cover or a lock of a start that
    /// lands logged out).
    private static func result(of call: Stamp, _ steps: [Step], _ answered: Bool, _ result: AuthResult) -> AuthResult {
        guard result.didSwitch || result == .unchanged, answered else { return result }
        guard let index = steps.firstIndex(where: { $0.by == call }) else { return result }
        // A step that changed nothing is unchanged; one a later step changed back or
        // replaced is superseded.
        guard steps[index].changed else { return .unchanged }
        return steps[(index + 1)...].contains { $0.changed } ? .superseded : result
    }

    // MARK: - Invariants

    /// The stamps held, answers, guards and carried guards alike.
    var heldStamps: [Stamp] {
        Array(starts.keys) + starts.values.flatMap { $0.guards.map { $0.guard.by } } + carried.map { $0.by }
    }

    /// The invariants the state breaks; empty when all hold: each start's guards are in
    /// call order, a carried guard was made before its start, and a joined one after it.
    func invariantViolations() -> [String] {
        var broken: [String] = []
        for (stamp, start) in starts {
            let bys = start.guards.map { $0.guard.by }
            if bys != bys.sorted() { broken.append("7: the guards of start \(stamp) are out of call order") }
            if let stray = start.joined.first(where: { $0.guard.by <= stamp }) {
                broken.append("7: call \(stray.guard.by) joined start \(stamp) before it was made")
            }
            if let stray = start.carried.first(where: { $0.by >= stamp }) {
                broken.append("7: guard \(stray.by) carried to start \(stamp), made after it")
            }
        }
        return broken
    }
}

extension AuthStartGuards: Sendable where Joiner: Sendable {}
extension AuthStartGuards.Start: Sendable where Joiner: Sendable {}
