import AppFlow

/// The demo's command line, parsed by hand (the package has no dependencies).
public struct DemoOptions: Sendable, Equatable {
    /// The largest `--tasks` accepted.
    public static let maxTasks = 1_000_000

    /// The overlap policy of the storm.
    public var policy: OverlapPolicy = .latestWins
    /// How many concurrent tasks the storm starts.
    public var tasks = 10_000
    /// Immediate animations everywhere, for scripts.
    public var fast = false
    /// The seed of the storm's random choices.
    public var seed: UInt64 = 42
    /// Whether colour is allowed (it is used only on a terminal).
    public var color = true
    /// Print the usage and exit.
    public var help = false

    /// The defaults.
    public init() {}

    /// The usage text.
    public static let usage = """
        usage: appflow-demo [--policy enqueue|latest-wins|interrupt|drop-if-busy] [--tasks N]
                            [--fast] [--seed N] [--no-color] [--help]
          --policy   overlap policy of the login/logout storm (default latest-wins)
          --tasks    concurrent tasks in the storm, 1...\(maxTasks) (default 10000)
          --fast     immediate animations, for scripts
          --seed     seed of the storm's random choices (default 42)
          --no-color plain output even on a terminal
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
    public static func parse(_ arguments: [String]) throws(ParseError) -> DemoOptions {
        var options = DemoOptions()
        var remaining = arguments[...]
        func value(for flag: String) throws(ParseError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw ParseError(message: "\(flag) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--policy":
                let name = try value(for: argument)
                guard let policy = policies[name] else {
                    throw ParseError(
                        message: "unknown policy '\(name)' (expected enqueue, latest-wins, interrupt or drop-if-busy)"
                    )
                }
                options.policy = policy
            case "--tasks":
                let text = try value(for: argument)
                guard let tasks = Int(text) else {
                    throw ParseError(message: "--tasks takes a whole number, not '\(text)'")
                }
                guard (1...maxTasks).contains(tasks) else {
                    throw ParseError(message: "--tasks must be between 1 and \(maxTasks), not \(tasks)")
                }
                options.tasks = tasks
            case "--seed":
                let text = try value(for: argument)
                guard let seed = UInt64(text) else {
                    throw ParseError(message: "--seed takes a whole number from 0, not '\(text)'")
                }
                options.seed = seed
            case "--fast":
                options.fast = true
            case "--no-color":
                options.color = false
            case "--help", "-h":
                options.help = true
            default:
                throw ParseError(message: "unknown argument '\(argument)'")
            }
        }
        return options
    }

    private static let policies: [String: OverlapPolicy] = [
        "enqueue": .enqueue, "latest-wins": .latestWins, "interrupt": .interrupt, "drop-if-busy": .dropIfBusy,
    ]

    /// The command-line spelling of `policy`.
    public static func name(of policy: OverlapPolicy) -> String {
        policies.first { $0.value == policy }!.key
    }
}
