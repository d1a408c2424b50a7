/// Every call's run in every scene still on its way (``AuthSceneRunMachine``), by the
/// number the auth core gave it as it started: one of the small machines of the auth core,
/// under its one lock, so that an admission, a factory's start and a return are each one
/// step with the calls' machine and the services. A run is forgotten when it returns.
///
/// ## Invariants
/// ``invariantViolations()`` checks them; its tests after every input.
/// 1. No run held has returned: ``returned(_:)`` forgets a run as it returns, so an input
///    given through ``update(_:_:)`` must not be `returned()`. (Every run held has a number
///    given out, by construction: only ``start(placing:)`` adds one.)
struct AuthSceneRuns<Plan: Sendable>: Sendable {
    /// The number of one run.
    typealias ID = UInt64
    typealias Run = AuthSceneRunMachine<Plan>

    /// The runs on their way.
    private(set) var runs: [ID: Run] = [:]
    /// The number the last run started got; 0 before any.
    private(set) var lastID: ID = 0

    /// A run starts: a call's request in a scene, waiting for its admission at its start,
    /// or a scene's placement, which builds from its start (`placing`). Returns its number.
    mutating func start(placing: Bool) -> ID {
        lastID += 1
        runs[lastID] = placing ? .placing() : Run()
        return lastID
    }

    /// The run numbered `id`, as it stands; trapping on a number the core never gave out
    /// or a run that returned: a performer only asks about its own runs on their way.
    subscript(id: ID) -> Run {
        guard let run = runs[id] else {
            preconditionFailure("Internal inconsistency: scene run \(id) of \(lastID) is not on its way")
        }
        return run
    }

    /// Gives run `id` one input and returns its answer.
    mutating func update<Answer>(_ id: ID, _ input: (inout Run) -> Answer) -> Answer {
        var run = self[id]
        let answer = input(&run)
        runs[id] = run
        return answer
    }

    /// Run `id` is back from its container, its factory too: it is forgotten, and what it
    /// held is returned (``AuthSceneRunMachine/returned()``).
    mutating func returned(_ id: ID) -> Run.Return {
        var run = self[id]
        runs[id] = nil
        return run.returned()
    }

    /// The invariants of the type's documentation that the state breaks; empty when all hold.
    func invariantViolations() -> [String] {
        runs.keys.sorted().compactMap { id in
            guard case .returned = runs[id]?.state else { return nil }
            return "1: run \(id) returned and held"
        }
    }
}
