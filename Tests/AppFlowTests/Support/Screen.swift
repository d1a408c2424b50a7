import AppFlow
import AppFlowTesting

/// A test child: a class, so tests can check that it is released, that records its
/// appearance calls.
final class Screen: FlowLifecycle, CustomStringConvertible {
    let name: String
    let calls: Log<String>?
    /// When set, `flowDidAppear` waits for it: a way to hold a transition open after its
    /// animation has ended.
    let appearGate: Gate?

    init(_ name: String, calls: Log<String>? = nil, appearGate: Gate? = nil) {
        self.name = name
        self.calls = calls
        self.appearGate = appearGate
    }

    var description: String { name }

    func flowWillAppear() async { calls?.append("\(name).willAppear") }
    func flowDidAppear() async {
        await appearGate?.pass()
        calls?.append("\(name).didAppear")
    }
    func flowWillDisappear() async { calls?.append("\(name).willDisappear") }
    func flowDidDisappear() async { calls?.append("\(name).didDisappear") }
    func flowWillBeCovered() async { calls?.append("\(name).willBeCovered") }
    func flowWasUncovered() async { calls?.append("\(name).wasUncovered") }
}

/// A stage that records every call it gets.
final class RecordingStage: FlowStage {
    let calls = Log<String>()

    func mount(_ transition: Transition<Screen>) async {
        calls.append("mount \(transition.from)->\(transition.to)")
    }

    func progress(_ fraction: Double, of transition: Transition<Screen>) async {
        calls.append("progress \(fraction)")
    }

    func unmount(_ transition: Transition<Screen>) async {
        calls.append("unmount \(transition.from)")
    }
}

/// A stage whose mounts wait at a gate: the transition that reaches it first holds the
/// container, its child already placed, until the test opens the gate. A transition that
/// has begun is never overtaken, so later calls wait behind it.
final class GatedStage<Child: Sendable>: FlowStage {
    let gate: Gate

    init(gate: Gate) {
        self.gate = gate
    }

    func mount(_ transition: Transition<Child>) async {
        await gate.pass()
    }

    func unmount(_ transition: Transition<Child>) async {}
}
