/// One schedule of an exploration, exactly: the strategy that chose it and every choice it
/// made, so that ``ScheduleExplorer/replay(_:_:)`` runs the same jobs in the same order.
///
/// Its ``text`` is a few lines a failure prints and ``write(toFile:)`` saves;
/// ``init(text:)`` and ``init(contentsOfFile:)`` read it back.
public struct Schedule: Sendable, Hashable, CustomStringConvertible {
    /// The strategy, with the schedule's own seed: exploring with it runs this schedule
    /// first.
    public let strategy: ExplorationStrategy
    /// At each step, the index of the job that ran among those that could run, oldest
    /// first.
    public let choices: [Int]

    /// A schedule of `strategy` that made `choices`.
    public init(strategy: ExplorationStrategy, choices: [Int]) {
        self.strategy = strategy
        self.choices = choices
    }

    /// The schedule as text: a header, the strategy, and the choices.
    public var text: String {
        "appflow-schedule 1\nstrategy: \(strategy)\nchoices: \(choices.map(String.init).joined(separator: " "))\n"
    }

    /// The strategy and the number of steps.
    public var description: String { "\(strategy), \(choices.count) steps" }

    /// Why a schedule's text cannot be read.
    public struct FormatError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Reads a schedule from its ``text``.
    ///
    /// - Throws: ``FormatError`` for a text that is not one.
    public init(text: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)[...]
        guard lines.popFirst() == "appflow-schedule 1" else {
            throw FormatError(description: "not a schedule: the first line is not \"appflow-schedule 1\"")
        }
        guard let strategyLine = lines.popFirst(), strategyLine.hasPrefix("strategy: "),
            let strategy = Self.strategy(String(strategyLine.dropFirst("strategy: ".count)))
        else { throw FormatError(description: "the second line names no strategy") }
        guard let choicesLine = lines.popFirst(), choicesLine.hasPrefix("choices:") else {
            throw FormatError(description: "the third line has no choices")
        }
        var choices: [Int] = []
        for word in choicesLine.dropFirst("choices:".count).split(separator: " ") {
            guard let choice = Int(word), choice >= 0 else {
                throw FormatError(description: "\"\(word)\" is not a choice")
            }
            choices.append(choice)
        }
        self.init(strategy: strategy, choices: choices)
    }

    /// Reads a schedule that ``write(toFile:)`` saved.
    ///
    /// - Throws: ``FormatError`` for a file that cannot be read or holds no schedule.
    public init(contentsOfFile path: String) throws {
        guard let text = System.read(path) else { throw FormatError(description: "cannot read \(path)") }
        try self.init(text: text)
    }

    /// Saves ``text`` to `path`, replacing what is there.
    ///
    /// - Throws: ``FormatError`` when the file cannot be written.
    public func write(toFile path: String) throws {
        guard System.write(text, to: path) else { throw FormatError(description: "cannot write \(path)") }
    }

    /// The strategy a ``ExplorationStrategy/description`` names.
    private static func strategy(_ text: String) -> ExplorationStrategy? {
        if text == "depthFirst" { return .depthFirst }
        func value(_ name: String) -> UInt64? {
            guard let range = text.firstRange(of: "\(name): ") else { return nil }
            return UInt64(text[range.upperBound...].prefix { $0.isNumber })
        }
        if text.hasPrefix("random("), let seed = value("seed") { return .random(seed: seed) }
        if text.hasPrefix("pct("), let depth = value("depth"), let seed = value("seed") {
            return .pct(depth: Int(depth), seed: seed, length: value("length").map(Int.init))
        }
        return nil
    }
}

/// One step of a schedule: a job that ran, or the clock moved on because none could.
public struct ScheduleStep: Sendable, Hashable, CustomStringConvertible {
    /// What happened at the step.
    public enum Kind: Sendable, Hashable {
        /// A job of task `task` (numbered in the order the schedule first saw each task)
        /// ran; for an actor's job, the task that woke the actor.
        case job(task: Int?, isActorJob: Bool)
        /// No job could run, so the manual clock moved to `instant`.
        case clock(ManualClock.Instant)
    }

    /// What happened.
    public let kind: Kind
    /// Who ran, for people: the task's name (what AppFlow or the scenario called it) and
    /// number, as `login ann (task 3)`.
    public let label: String

    /// The label.
    public var description: String { label }
}
