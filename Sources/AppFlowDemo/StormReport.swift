import AppFlow

/// What a storm did, and whether every invariant held.
public struct StormReport: Sendable {
    /// The options it ran with.
    public let options: DemoOptions
    /// How many calls ended with each result.
    public let results: [TransitionResult: Int]
    let tally: EventTally
    /// The most transitions seen between mount and unmount at once.
    public let maxInFlight: Int
    /// The container's child at the end.
    public let finalState: AppScreen
    /// From the first request to the last call's return.
    public let elapsed: Duration
    /// The process's peak resident memory.
    public let peakMemoryBytes: Int

    /// How many calls were made.
    public var requests: Int { options.tasks }
    /// How many transitions ran (didTransition events).
    public var transitionsRun: Int { tally.dids }
    /// How many calls returned at all.
    public var returned: Int { results.values.reduce(0, +) }

    /// The invariants, each with whether it held.
    public var checks: [(name: String, passed: Bool)] {
        let ran = results[.completed, default: 0] + results[.interrupted, default: 0]
        return [
            ("every call returned exactly once", returned == requests),
            ("max transitions in flight is 1", maxInFlight <= 1 && (transitionsRun == 0 || maxInFlight == 1)),
            ("will/did balanced and in order", tally.isBalanced),
            ("transitions run = calls that ran", transitionsRun == ran),
            (
                "final state = last didTransition",
                tally.lastDestination.map { $0 == finalState } ?? (finalState == .login)
            ),
        ]
    }

    /// Whether every invariant held.
    public var passed: Bool { checks.allSatisfy(\.passed) }

    /// The summary table.
    public func render(console: Console) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let throughput = seconds > 0 ? Int(Double(requests) / seconds) : requests
        // The requests' results under a heading of their own, apart from the transitions.
        var rows: [(String, String)] = [("requests made", "\(requests)"), ("requests returned", "")]
        for result in TransitionResult.allCases {
            rows.append(("  \(result)", "\(results[result, default: 0])"))
        }
        rows += [
            ("transitions run", "\(transitionsRun)"),
            ("max transitions in flight", "\(maxInFlight)"),
            ("will / did events", "\(tally.wills) / \(tally.dids)"),
            ("final state", "\(finalState)"),
            (
                "elapsed",
                "\(String(format3: seconds)) s" + (options.fast ? "" : " (spread on purpose; --fast for raw speed)")
            ),
            ("throughput", "\(throughput) requests/s"),
            ("peak memory", "\(peakMemoryBytes / (1 << 20)) MiB"),
        ]
        var text = ""
        for (name, value) in rows {
            // A heading has no value, and no padding after it.
            text += "  " + (value.isEmpty ? name : name.padding(28) + value) + "\n"
        }
        for check in checks {
            text += "  " + (check.passed ? console.green("ok  ") : console.red("FAIL")) + " " + check.name + "\n"
        }
        return text
    }
}

extension String {
    /// `self` padded with spaces to `width`.
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    /// `value` with three decimals, without Foundation.
    init(format3 value: Double) {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        self = "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
