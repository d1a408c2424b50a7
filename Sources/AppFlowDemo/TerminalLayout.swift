#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How the demo fits its output to a terminal: which mode to write in, how wide the
/// terminal is, and how a line is cut to fit. The decisions are pure functions, tested as
/// tables; only ``queryColumns()`` and ``Console/standardOutput(color:)`` ask the system.
public enum TerminalLayout {
    /// The width assumed when neither the terminal nor `COLUMNS` says.
    public static let fallbackColumns = 80

    /// Whether to redraw lines in place: only on a terminal whose `TERM` is not `dumb`.
    ///
    /// A dumb terminal cannot move the cursor or clear a line, so it gets the plain-lines
    /// mode of a pipe: no escapes at all.
    public static func isLive(isTerminal: Bool, term: String?) -> Bool {
        isTerminal && term != "dumb"
    }

    /// Whether to colour: only in live mode, with colour allowed by the flags and
    /// `NO_COLOR` unset or empty (no-color.org: any non-empty value turns colour off).
    public static func usesColor(isLive: Bool, colorFlag: Bool, noColor: String?) -> Bool {
        isLive && colorFlag && (noColor ?? "").isEmpty
    }

    /// The terminal's width: what the terminal says (`queried`), else `COLUMNS` when it is
    /// a positive whole number, else ``fallbackColumns``.
    public static func columns(queried: Int?, environment: String?) -> Int {
        if let queried, queried > 0 { return queried }
        if let text = environment?.trimmingSpaces, let columns = Int(text), columns > 0 { return columns }
        return fallbackColumns
    }

    /// `line` cut to at most `width` visible characters, ending in "…" when cut.
    ///
    /// ANSI escape sequences (`ESC [ ... letter`) take no room; when the cut falls after an
    /// opened style, a reset is appended so the style does not leak. A `width` below 1
    /// gives an empty line.
    public static func fit(_ line: String, width: Int) -> String {
        guard width > 0 else { return "" }
        guard visibleWidth(of: line) > width else { return line }
        var result = ""
        var visible = 0
        var styled = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if character == "\u{1B}" {
                var sequence = String(character)
                while let next = iterator.next() {
                    sequence.append(next)
                    if next.isLetter { break }
                }
                result += sequence
                styled = sequence != "\u{1B}[0m"
                continue
            }
            guard visible < width - 1 else { break }
            result.append(character)
            visible += 1
        }
        return result + "…" + (styled ? "\u{1B}[0m" : "")
    }

    /// A progress line `label  [#####.....] 40%` at most `width` characters wide.
    ///
    /// The bar takes 24 cells when there is room; on a narrower terminal it shrinks to 8
    /// cells, and then the label is cut with "…", so the percentage always shows (given 16
    /// columns or more).
    public static func progressLine(label: String, fraction: Double, width: Int) -> String {
        let clamped = min(max(fraction, 0), 1)
        let percent = String(Int((clamped * 100).rounded()))
        let suffix = "] " + String(repeating: " ", count: 3 - percent.count) + percent + "%"
        let room = width - label.count - 3 - suffix.count  // "  [" before the bar
        let cells = min(24, max(8, room))
        let filled = Int((clamped * Double(cells)).rounded())
        let bar = "  [" + String(repeating: "#", count: filled) + String(repeating: ".", count: cells - filled) + suffix
        return fit(fit(label, width: width - bar.count) + bar, width: width)
    }

    /// How many characters of `line` are visible: escape sequences take no room.
    public static func visibleWidth(of line: String) -> Int {
        var visible = 0
        var inEscape = false
        for character in line {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                visible += 1
            }
        }
        return visible
    }

    /// The width of the terminal on standard output, from `ioctl(TIOCGWINSZ)`; `nil` when
    /// standard output is not a terminal or the terminal does not say.
    public static func queryColumns() -> Int? {
        var size = winsize()
        #if canImport(Darwin)
        let request: UInt = 0x4008_7468  // TIOCGWINSZ: a function-like macro Swift cannot import
        #else
        let request = UInt(TIOCGWINSZ)
        #endif
        let status = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, request, $0) }
        guard status == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

extension String {
    /// `self` without leading and trailing spaces.
    fileprivate var trimmingSpaces: Substring {
        let trimmed = drop { $0 == " " }
        return trimmed.dropLast(trimmed.reversed().prefix { $0 == " " }.count)
    }
}
