/// A job that can run, as a strategy sees it: the task it belongs to, numbered in the
/// order the schedule first saw each task; an actor's job (which belongs to no task until
/// it runs) counts as the task that woke the actor.
struct RunnableJob: Sendable, Hashable {
    /// The task's number in this schedule, `nil` for an actor's job woken from outside any
    /// task of the schedule.
    let task: Int?
    /// Whether it is an actor's job rather than a task's.
    let isActorJob: Bool
}

/// The explorer's decisions: which runnable job runs next. A pure value: one input (the
/// jobs that can run, oldest first), one output (the index of the one to run).
struct ScheduleChooser: Sendable {
    enum Mode: Sendable {
        case random(SeededGenerator)
        case pct(PCT)
        /// Follow `choices`, then always the oldest job: replay, and depth-first search.
        case follow(choices: [Int])
    }

    /// PCT's state: each task's priority (higher runs first) and the steps at which the
    /// running task drops to a low priority.
    struct PCT: Sendable {
        var generator: SeededGenerator
        var depth: Int
        var priorities: [Int: UInt64] = [:]
        /// Step → the low priority the task chosen at it gets (1 ... depth - 1).
        var changes: [Int: UInt64] = [:]
    }

    private(set) var mode: Mode
    /// Each step's choice, as an index into that step's runnable jobs.
    private(set) var choices: [Int] = []
    /// How many jobs could run at each step.
    private(set) var widths: [Int] = []
    /// Whether a followed choice was out of range: the code under test no longer gives the
    /// schedule's order.
    private(set) var diverged = false

    /// The chooser of one schedule run with `strategy`.
    init(_ strategy: ExplorationStrategy) {
        switch strategy.kind {
        case .random:
            mode = .random(SeededGenerator(seed: strategy.seed))
        case .pct(let depth):
            var generator = SeededGenerator(seed: strategy.seed)
            let length = strategy.length ?? 100
            var changes: [Int: UInt64] = [:]
            for priority in 1..<UInt64(depth) {
                // Distinct steps, when the length allows.
                var step = Int.random(in: 0..<length, using: &generator)
                var tries = 0
                while changes[step] != nil, tries < 8 {
                    step = Int.random(in: 0..<length, using: &generator)
                    tries += 1
                }
                changes[step] = priority
            }
            mode = .pct(PCT(generator: generator, depth: depth, changes: changes))
        case .depthFirst:
            mode = .follow(choices: [])
        }
    }

    /// The chooser that follows `choices` and then runs the oldest job.
    init(following choices: [Int]) {
        mode = .follow(choices: choices)
    }

    /// Chooses among `runnable` (never empty, oldest first) and returns the index of the
    /// job to run.
    mutating func choose(_ runnable: [RunnableJob]) -> Int {
        precondition(!runnable.isEmpty, "Internal inconsistency: a choice among no jobs")
        let step = choices.count
        let choice: Int
        switch mode {
        case .random(var generator):
            choice = Int.random(in: 0..<runnable.count, using: &generator)
            mode = .random(generator)
        case .pct(var pct):
            choice = pct.choose(runnable, step: step)
            mode = .pct(pct)
        case .follow(let followed):
            if step < followed.count {
                if followed[step] < runnable.count {
                    choice = followed[step]
                } else {
                    diverged = true
                    choice = 0
                }
            } else {
                choice = 0
            }
        }
        choices.append(choice)
        widths.append(runnable.count)
        return choice
    }

    /// The choices of the depth-first schedule after one that made `choices` among
    /// `widths` jobs: the latest choice with an untried alternative, moved on by one;
    /// `nil` once every order has been tried.
    static func nextDepthFirst(after choices: [Int], widths: [Int]) -> [Int]? {
        var index = choices.count - 1
        while index >= 0 {
            if choices[index] + 1 < widths[index] {
                return Array(choices[..<index]) + [choices[index] + 1]
            }
            index -= 1
        }
        return nil
    }
}

extension ScheduleChooser.PCT {
    /// The highest priority runnable job (the oldest among equals); at a change step the
    /// task it belongs to first drops to that step's low priority.
    mutating func choose(_ runnable: [RunnableJob], step: Int) -> Int {
        for job in runnable {
            let task = job.task ?? -1
            if priorities[task] == nil {
                // Above every low priority (1 ... depth - 1).
                priorities[task] = UInt64(depth) + generator.next() % (1 << 40)
            }
        }
        var best = highest(runnable)
        if let low = changes[step] {
            priorities[runnable[best].task ?? -1] = low
            best = highest(runnable)
        }
        return best
    }

    private func highest(_ runnable: [RunnableJob]) -> Int {
        var best = 0
        for index in runnable.indices.dropFirst()
        where priorities[runnable[index].task ?? -1, default: 0] > priorities[runnable[best].task ?? -1, default: 0] {
            best = index
        }
        return best
    }
}
