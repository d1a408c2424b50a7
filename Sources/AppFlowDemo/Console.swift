#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `write(2)`, named apart from ``Console/write(_:)``.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// Where the demo writes, and how: live ANSI redraw on a terminal, plain stable lines
/// elsewhere (CI, pipes, `TERM=dumb`).
public struct Console: Sendable {
    /// Whether output goes to a terminal that can redraw a line in place (live mode).
    public let isTerminal: Bool
    /// Whether ANSI colours are used.
    public let useColor: Bool
    /// The terminal's width in columns; a redrawn line never takes more.
    public let width: Int
    private let sink: @Sendable (String) -> Void

    /// A console writing through `sink`, on a terminal `width` columns wide.
    public init(
        isTerminal: Bool,
        useColor: Bool,
        width: Int = TerminalLayout.fallbackColumns,
        sink: @escaping @Sendable (String) -> Void
    ) {
        self.isTerminal = isTerminal
        self.useColor = useColor && isTerminal
        self.width = width
        self.sink = sink
    }

    /// Standard output: live only on a terminal whose `TERM` is not `dumb`; colour only
    /// then, with `color` set and `NO_COLOR` unset or empty; the width from the terminal, else
    /// `COLUMNS`, else 80.
    public static func standardOutput(color: Bool) -> Console {
        let live = TerminalLayout.isLive(isTerminal: isatty(STDOUT_FILENO) == 1, term: environment("TERM"))
        return Console(
            isTerminal: live,
            useColor: TerminalLayout.usesColor(isLive: live, colorFlag: color, noColor: environment("NO_COLOR")),
            width: TerminalLayout.columns(
                queried: live ? TerminalLayout.queryColumns() : nil,
                environment: environment("COLUMNS")
            )
        ) { writeAll($0, to: STDOUT_FILENO) }
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Standard error, plain.
    public static let standardError = Console(isTerminal: false, useColor: false) { writeAll($0, to: STDERR_FILENO) }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        var remaining = Array(text.utf8)[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            remaining = remaining.dropFirst(written)
        }
    }

    /// Writes `text` as is.
    public func write(_ text: String) {
        sink(text)
    }

    /// Writes `text` and a newline.
    public func line(_ text: String = "") {
        sink(text + "\n")
    }

    /// Replaces the current line with `text`, cut to fit (live mode only; otherwise
    /// nothing is written). One column stays free, so the cursor never reaches the
    /// terminal's last column, where some terminals wrap at once.
    public func redraw(_ text: String) {
        guard isTerminal else { return }
        sink(Self.clearLine + TerminalLayout.fit(text, width: width - 1))
    }

    /// Clears the current line that ``redraw(_:)`` drew (live mode only).
    public func clearRedrawn() {
        guard isTerminal else { return }
        sink(Self.clearLine)
    }

    /// Carriage return, then erase the whole line.
    static let clearLine = "\r\u{1B}[2K"

    /// `text` in bold, when colour is on.
    public func bold(_ text: String) -> String { styled(text, "1") }
    /// `text` in green, when colour is on.
    public func green(_ text: String) -> String { styled(text, "32") }
    /// `text` in red, when colour is on.
    public func red(_ text: String) -> String { styled(text, "31") }
    /// `text` dimmed, when colour is on.
    public func dim(_ text: String) -> String { styled(text, "2") }

    private func styled(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
