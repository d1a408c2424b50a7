/// How a ``ScheduleExplorer`` picks the next job to run among those that can run.
///
/// - ``random(seed:)`` picks uniformly, from a seeded generator.
/// - ``pct(depth:seed:length:)`` is probabilistic concurrency testing (Burckhardt et al.,
///   ASPLOS 2010, as awslabs/shuttle has it): each task gets a random priority, the
///   highest runnable one runs, and at `depth - 1` random steps the running task drops
///   below every other. It finds a bug that needs `depth` ordered events among `n` tasks
///   and `k` steps with probability at least 1/(n·k^(depth−1)) per schedule.
/// - ``depthFirst`` tries every order, one after another, until the explorer's schedule
///   count runs out: for scenarios of a few short tasks.
///
/// Schedule `i` of an exploration with seed `s` runs with a seed of its own, derived from
/// `s` and `i` (schedule 0 uses `s`): a failure names it, and exploring with it runs that
/// schedule first.
public struct ExplorationStrategy: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case random
        case pct(depth: Int)
        case depthFirst
    }

    let kind: Kind
    /// The seed of the strategy's random choices (`0` for ``depthFirst``).
    public let seed: UInt64
    /// PCT's number of steps over which its priority changes fall; `nil` until the
    /// explorer has seen a schedule's length.
    let length: Int?

    /// Uniformly random choices from `seed`.
    public static func random(seed: UInt64) -> ExplorationStrategy {
        ExplorationStrategy(kind: .random, seed: seed, length: nil)
    }

    /// PCT of `depth` (clamped to at least 1) from `seed`. Its priority changes fall among
    /// the first `length` steps; without one, the explorer uses the longest schedule it
    /// has run so far (100 steps before the first).
    public static func pct(depth: Int, seed: UInt64, length: Int? = nil) -> ExplorationStrategy {
        ExplorationStrategy(kind: .pct(depth: max(1, depth)), seed: seed, length: length.map { max(1, $0) })
    }

    /// Every order in turn, depth first: the first schedule always runs the oldest
    /// runnable job, and each next one changes the latest choice that has an untried
    /// alternative.
    public static let depthFirst = ExplorationStrategy(kind: .depthFirst, seed: 0, length: nil)

    /// As Swift source: `random(seed: 42)`, `pct(depth: 3, seed: 7, length: 412)`,
    /// `depthFirst`.
    public var description: String {
        switch kind {
        case .random: return "random(seed: \(seed))"
        case .pct(let depth): return "pct(depth: \(depth), seed: \(seed)\(length.map { ", length: \($0)" } ?? ""))"
        case .depthFirst: return "depthFirst"
        }
    }

    /// The strategy of schedule `index` of an exploration: its own seed, and for PCT the
    /// length the explorer has measured if none was given.
    func forSchedule(_ index: Int, measuredLength: Int) -> ExplorationStrategy {
        let own = index == 0 ? seed : SeededGenerator.mixed(seed, UInt64(index))
        switch kind {
        case .random: return .random(seed: own)
        case .pct(let depth): return .pct(depth: depth, seed: own, length: length ?? measuredLength)
        case .depthFirst: return self
        }
    }
}

extension SeededGenerator {
    /// A seed derived from `seed` and `index`: the first output of a generator seeded
    /// with their mix.
    static func mixed(_ seed: UInt64, _ index: UInt64) -> UInt64 {
        var generator = SeededGenerator(seed: seed ^ (index &* 0xD1B5_4A32_D192_ED03))
        return generator.next()
    }
}
