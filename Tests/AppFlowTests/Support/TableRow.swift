import Testing

/// One row of a state machine's table: a named starting state, one input, and what the
/// row expects (an action with a change of state, or a line of a table file). Both
/// machines' table tests use it, so that every row prints as `state × input`, the form
/// the docs cite rows by.
struct TableRow<
    State: Sendable & RawRepresentable<String>,
    Input: Sendable & CustomStringConvertible,
    Expected: Sendable
>:
    Sendable, CustomTestStringConvertible
{
    let state: State
    let input: Input
    let expected: Expected

    init(_ state: State, _ input: Input, _ expected: Expected) {
        self.state = state
        self.input = input
        self.expected = expected
    }

    /// How the docs cite the row: `busy × cancel(3)`.
    var key: String { "\(state.rawValue) × \(input)" }

    var testDescription: String { key }
}
