import AppFlow
import AppFlowTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Act 2: many concurrent tasks fire login and logout at random under one policy, while an
/// observer counts events; every invariant is then checked.
public enum StormAct {
    /// Runs the storm described by `options`; on a live `console`, a status line shows
    /// the requests made and transitions run so far.
    public static func run(
        options: DemoOptions,
        console: Console? = nil,
        recorder: FlowTraceRecorder? = nil
    ) async -> StormReport {
        let stage = FlightStage()
        let made = Counter()
        // Under enqueue every request runs, so the storm uses immediate switches there.
        let animation: TransitionAnimation =
            options.fast || options.policy == .enqueue ? .immediate : .fade(duration: .milliseconds(10))
        let container = FlowContainer(
            initial: AppScreen.login,
            animation: animation,
            policy: options.policy,
            stage: stage
        )
        recorder?.follow(container, track: "container")
        let events = container.events()
        let observer = Task {
            var tally = EventTally()
            for await event in events { tally.add(event) }
            return tally
        }

        var random = SeededGenerator(seed: options.seed)
        // Each task logs in (as its own user) or out, after a random delay that spreads the
        // storm over about 1.5 s (none with --fast); one in a hundred is cancelled.
        let plans = (0..<options.tasks).map { index in
            (
                screen: Bool.random(using: &random) ? AppScreen.main(user: "u\(index)") : .login,
                delay: options.fast ? Duration.zero : .milliseconds(Int.random(in: 0..<1_500, using: &random)),
                cancel: Int.random(in: 0..<100, using: &random) == 0
            )
        }
        let clock = ContinuousClock()
        let start = clock.now
        let status = console.map { console in
            LiveStatus(console: console) { [total = options.tasks, ran = stage.ran] in
                "  requests made \(made.current) / \(total)   transitions run \(ran.current)"
            }
        }
        let tasks = plans.map { plan in
            Task {
                if plan.delay > .zero {
                    try? await clock.sleep(until: start.advanced(by: plan.delay))
                }
                made.increment()
                return await container.cycle(to: plan.screen)
            }
        }
        for (task, plan) in zip(tasks, plans) where plan.cancel {
            task.cancel()
        }
        var results: [TransitionResult: Int] = [:]
        for task in tasks {
            results[await task.value, default: 0] += 1
        }
        let elapsed = start.duration(to: clock.now)
        await status?.stop()
        await container.finish()
        let tally = await observer.value

        return StormReport(
            options: options,
            results: results,
            tally: tally,
            maxInFlight: await stage.peak,
            finalState: await container.child,
            elapsed: elapsed,
            peakMemoryBytes: peakMemoryBytes()
        )
    }

    /// The peak resident memory of this process so far.
    static func peakMemoryBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        return Int(usage.ru_maxrss) * 1024  // KiB on Linux
        #endif
    }
}

/// A stage that counts how many transitions are between mount and unmount at once.
actor FlightStage: FlowStage {
    private var current = 0
    /// The largest number seen.
    private(set) var peak = 0
    /// How many transitions have ended, readable without awaiting the actor.
    nonisolated let ran = Counter()

    func mount(_ transition: Transition<AppScreen>) {
        current += 1
        peak = max(peak, current)
    }

    func unmount(_ transition: Transition<AppScreen>) {
        current -= 1
        ran.increment()
    }
}

/// Counts events as they stream by and checks the will/did grammar on the fly.
struct EventTally: Sendable {
    private(set) var wills = 0
    private(set) var dids = 0
    private(set) var frames = 0
    private(set) var violations = 0
    private(set) var lastDestination: AppScreen?
    private var open: TransitionID?
    private var lastID: TransitionID?

    mutating func add(_ event: FlowEvent<AppScreen>) {
        switch event {
        case .willTransition(let transition):
            wills += 1
            if open != nil || lastID.map({ transition.id <= $0 }) == true { violations += 1 }
            open = transition.id
            lastID = transition.id
        case .progress(let transition, _):
            frames += 1
            if open != transition.id { violations += 1 }
        case .didTransition(let transition):
            dids += 1
            if open != transition.id { violations += 1 }
            open = nil
            lastDestination = transition.to
        @unknown default:
            break
        }
    }

    /// Whether every will has its did and nothing was out of order.
    var isBalanced: Bool { violations == 0 && open == nil && wills == dids }
}
