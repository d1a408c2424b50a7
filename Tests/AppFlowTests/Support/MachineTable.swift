import Testing

/// A small machine's complete table, as its test suite declares it: the named states,
/// the inputs in each, how an input is applied (its answer, as text) and how a machine
/// is shown. ``lines()`` are the table file's lines, `state × input → answer ⇒ state`.
protocol MachineTable {
    associatedtype Machine
    associatedtype State: CaseIterable & RawRepresentable<String> & Sendable
    associatedtype Input: CustomStringConvertible & Sendable

    /// The machine in `state`.
    static func make(_ state: State) -> Machine
    /// Every input the table tries in `state`.
    static func inputs(in state: State) -> [Input]
    /// Gives `input` to `machine`; returns its answer as the table shows it.
    static func apply(_ input: Input, to machine: inout Machine) -> String
    /// The machine's state as the table shows it.
    static func render(_ machine: Machine) -> String
}

extension MachineTable {
    typealias Row = TableRow<State, Input, Void>

    /// Every named state × every input in it.
    static var rows: [Row] { State.allCases.flatMap { state in inputs(in: state).map { Row(state, $0, ()) } } }

    /// The table file's lines: each row with its answer and resulting state.
    static func lines() -> [String] {
        rows.map { row in
            var machine = make(row.state)
            let answer = apply(row.input, to: &machine)
            return "\(row.key) → \(answer) ⇒ \(render(machine))"
        }
    }
}

/// A ``MachineTable`` whose machine has invariants, checked before and after every row.
protocol InvariantMachineTable: MachineTable {
    /// The invariants `machine` breaks; empty when all hold.
    static func invariantViolations(of machine: Machine) -> [String]
}

extension InvariantMachineTable {
    /// Checks the invariants before `row`'s input and after it.
    static func expectInvariant(_ row: Row, sourceLocation: SourceLocation = #_sourceLocation) {
        var machine = make(row.state)
        let before = invariantViolations(of: machine)
        #expect(before.isEmpty, "before: \(before)", sourceLocation: sourceLocation)
        _ = apply(row.input, to: &machine)
        let after = invariantViolations(of: machine)
        #expect(after.isEmpty, "\(after)", sourceLocation: sourceLocation)
    }
}
