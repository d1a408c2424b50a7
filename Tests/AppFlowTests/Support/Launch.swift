import AppFlow
import AppFlowTesting

/// Starts `cycle(to:)` in a task of its own and returns the task.
func launch(
    _ container: FlowContainer<Screen>,
    _ screen: Screen,
    animation: TransitionAnimation? = nil,
    policy: OverlapPolicy? = nil
) -> Task<TransitionResult, Never> {
    Task { await container.cycle(to: screen, animation: animation, policy: policy) }
}

/// Starts requests one at a time, each only once the container has registered the one
/// before, so that their arrival order is the order given. Needs a running transition
/// held open, and a policy that keeps requests pending (`enqueue`).
func launchInOrder(
    _ container: FlowContainer<Screen>,
    _ screens: [Screen],
    policy: OverlapPolicy = .enqueue
) async -> [Task<TransitionResult, Never>] {
    var tasks: [Task<TransitionResult, Never>] = []
    let base = await container.pendingCount
    for (index, screen) in screens.enumerated() {
        tasks.append(launch(container, screen, policy: policy))
        let registered = await eventually { await container.pendingCount == base + index + 1 }
        precondition(registered, "request \(index) was never registered")
    }
    return tasks
}

extension FlowEvent<Screen> {
    /// `will a->b`, `did a->b`, or `progress`, for compact expectations.
    var summary: String {
        switch self {
        case .willTransition(let t): return "will \(t.from)->\(t.to)"
        case .didTransition(let t): return "did \(t.from)->\(t.to)\(t.wasInterrupted ? " (cut)" : "")"
        case .progress: return "progress"
        }
    }
}

extension EventRecorder<Screen> {
    /// The will/did summaries, without progress frames.
    var summaries: [String] {
        events.map(\.summary).filter { $0 != "progress" }
    }
}
