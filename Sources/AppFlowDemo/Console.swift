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
/// elsewhere (CI, pipes).
public struct Console: Sendable {
    /// Whether output goes to a terminal, which allows redrawing a line in place.
    public let isTerminal: Bool
    /// Whether ANSI colours are used.
    public let useColor: Bool
    private let sink: @Sendable (String) -> Void

    /// A console writing through `sink`.
    public init(isTerminal: Bool, useColor: Bool, sink: @escaping @Sendable (String) -> Void) {
        self.isTerminal = isTerminal
        self.useColor = useColor && isTerminal
        self.sink = sink
    }

    /// Standard output; colour only on a terminal, with `color` set and `NO_COLOR` unset.
    public static func standardOutput(color: Bool) -> Console {
        let terminal = isatty(STDOUT_FILENO) == 1
        let noColor = getenv("NO_COLOR") != nil
        return Console(isTerminal: terminal, useColor: color && !noColor) { writeAll($0, to: STDOUT_FILENO) }
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
