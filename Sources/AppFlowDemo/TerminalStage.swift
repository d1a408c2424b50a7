import AppFlow

/// A ``FlowStage`` that draws each screen as a small framed panel and each animation as
/// a progress bar fed by the container's real progress frames.
///
/// On a terminal the bar is redrawn in place, cut to the terminal's width (see
/// ``Console/redraw(_:)``); elsewhere it prints one stable line per transition, with no
/// escape codes.
public struct TerminalStage: FlowStage {
    let console: Console

    /// A stage drawing on `console`.
    public init(console: Console) {
        self.console = console
    }

    /// Starts the progress bar (on a terminal).
    public func mount(_ transition: Transition<AppScreen>) async {
        console.redraw(barLine(transition, fraction: 0))
    }

    /// Redraws the progress bar in place (on a terminal).
    public func progress(_ fraction: Double, of transition: Transition<AppScreen>) async {
        console.redraw(barLine(transition, fraction: fraction))
    }

    /// Ends the bar, or prints the transition's line, then draws the new screen's panel.
    public func unmount(_ transition: Transition<AppScreen>) async {
        if console.isTerminal {
            console.redraw(barLine(transition, fraction: 1))
            console.line()
        } else {
            console.line("  \(transition.from) -> \(transition.to)  \(transition.animation)  done")
        }
        console.write(Self.panel(for: transition.to, console: console))
    }

    /// The framed panel of `screen`.
    public static func panel(for screen: AppScreen, console: Console) -> String {
        let title = screen.description.uppercased()
        let width = max(title.count, screen.caption.count) + 4
        // Padding is computed on the plain text: styling adds invisible characters.
        func row(_ plain: String, styled: String) -> String {
            let padding = width - plain.count
            let left = padding / 2
            return "  |" + String(repeating: " ", count: left) + styled + String(repeating: " ", count: padding - left)
                + "|\n"
        }
        let rule = "  +" + String(repeating: "-", count: width) + "+\n"
        return rule + row(title, styled: console.bold(title)) + row(screen.caption, styled: screen.caption) + rule
    }

    private func barLine(_ transition: Transition<AppScreen>, fraction: Double) -> String {
        TerminalLayout.progressLine(
            label: "  \(transition.from) -> \(transition.to)  \(transition.animation)",
            fraction: fraction,
            width: console.width - 1
        )
    }
}
