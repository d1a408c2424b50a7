import AppFlow

/// The demo's command line, parsed by hand (the package has no dependencies).
public struct DemoOptions: Sendable, Equatable {
    /// The largest `--tasks` accepted.
    public static let maxTasks = 1_000_000

    /// The overlap policy of the storm.
    public var policy: OverlapPolicy = .latestWins
    /// How many concurrent tasks the storm starts.
    public var tasks = 10_000
    /// How many concurrent tasks call `AuthFlow` in Act 3, one call each.
    public var authTasks = 4_000
    /// Immediate animations everywhere, for scripts.
    public var fast = false
    /// The seed of the storms' plans: who calls what, and when. It does not fix the
    /// scheduler, so counts and final states vary from run to run.
    public var seed: UInt64 = 42
    /// Whether colour is allowed (it is used only on a terminal).
    public var color = true
    /// Print the usage and exit.
    public var help = false
    /// Where to write the storms' trace (Trace Event Format JSON); `nil` records none.
    public var tracePath: String?
    /// Where to write Act 3's timeline picture (SVG); `nil` draws none.
    public var timelinePath: String?

    /// The defaults.
    public init() {}

    /// The usage text.
    public static let usage = """
        usage: appflow-demo [--policy P] [--tasks N] [--auth-tasks N] [--fast] [--seed N]
                            [--trace FILE] [--timeline FILE] [--no-color] [--help]
          --policy      overlap policy of the Act 2 storm: enqueue, latest-wins (default),
                        interrupt or drop-if-busy
          --tasks       concurrent tasks in the Act 2 storm, 1...\(maxTasks) (default 10000)
          --auth-tasks  calls on AuthFlow in Acts 3 and 4, 1...\(maxTasks)
                        (default 4000)
          --fast        immediate animations and no delays, for scripts
          --seed        seed of the storms' plans (default 42). It fixes the plan (who calls
                        what, and when), not the scheduler: counts and final states still
                        vary from run to run; the checks must hold in every run.
          --trace       write the storms' trace to FILE (Trace Event Format JSON, for
                        ui.perfetto.dev or chrome://tracing)
          --timeline    draw Act 3 as a timeline picture in FILE (SVG)
          --no-color    no colour, even on a terminal (nor with NO_COLOR set; TERM=dumb
                        also turns off redrawing: plain lines, as in a pipe)
        A flag's value may follow it (--tasks 500) or be attached (--tasks=500).
        """

    /// A command-line mistake: the message is one line.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// What is wrong.
        public let message: String

        /// An error saying `message`.
        public init(message: String) {
            self.message = message
        }

        /// The message.
        public var description: String { message }
    }

    /// Parses `arguments` (without the program name).
    ///
    /// A flag that takes a value accepts it as the next argument (`--tasks 500`) or after
    /// an equals sign (`--tasks=500`); a flag without a value rejects `=`.
    public static func parse(_ arguments: [String]) throws(ParseError) -> DemoOptions {
        var options = DemoOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (flag, attached) = split(argument)
            func value() throws(ParseError) -> String {
                if let attached {
                    guard !attached.isEmpty else { throw ParseError(message: "\(flag) needs a value") }
                    return attached
                }
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                    throw ParseError(message: "\(flag) needs a value")
                }
                return value
            }
            func noValue() throws(ParseError) {
                if attached != nil { throw ParseError(message: "\(flag) takes no value") }
            }
            switch flag {
            case "--policy":
                let name = try value()
                guard let policy = policies[name] else {
                    throw ParseError(
                        message: "unknown policy '\(name)' (expected enqueue, latest-wins, interrupt or drop-if-busy)"
                    )
                }
                options.policy = policy
            case "--tasks":
                options.tasks = try count(try value(), flag: flag)
            case "--auth-tasks":
                options.authTasks = try count(try value(), flag: flag)
            case "--seed":
                let text = try value()
                guard let seed = UInt64(text) else {
                    throw ParseError(message: "--seed takes a whole number from 0, not '\(text)'")
                }
                options.seed = seed
            case "--trace":
                options.tracePath = try value()
            case "--timeline":
                options.timelinePath = try value()
            case "--fast":
                try noValue()
                options.fast = true
            case "--no-color":
                try noValue()
                options.color = false
            case "--help", "-h":
                try noValue()
                options.help = true
            default:
                throw ParseError(message: "unknown argument '\(argument)'")
            }
        }
        return options
    }

    /// `--flag=value` as `("--flag", "value")`; anything else as `(argument, nil)`.
    private static func split(_ argument: String) -> (flag: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// A task count for `flag`, from 1 to ``maxTasks``.
    private static func count(_ text: String, flag: String) throws(ParseError) -> Int {
        guard let tasks = Int(text) else {
            throw ParseError(message: "\(flag) takes a whole number, not '\(text)'")
        }
        guard (1...maxTasks).contains(tasks) else {
            throw ParseError(message: "\(flag) must be between 1 and \(maxTasks), not \(tasks)")
        }
        return tasks
    }

    private static let policies: [String: OverlapPolicy] = [
        "enqueue": .enqueue, "latest-wins": .latestWins, "interrupt": .interrupt, "drop-if-busy": .dropIfBusy,
    ]

    /// The command-line spelling of `policy`.
    public static func name(of policy: OverlapPolicy) -> String {
        policies.first { $0.value == policy }!.key
    }
}
