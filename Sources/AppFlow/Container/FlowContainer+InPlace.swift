// The in-place path: an uncontended transition that cannot suspend runs in one
// synchronous step on the actor, with no task, continuation or async frame. It exists for
// speed alone (<doc:Performance>), so it must stay indistinguishable from the ordinary path.
//
// ## The equivalence rule
//
// A transition with an immediate animation, no stage, no hop in place and neither child
// adopting `FlowLifecycle` has, on the ordinary path (`run` in `FlowContainer+Performer`),
// exactly these side effects, and the in-place path reproduces each one:
//
// | `run`                                             | in place                                      |
// | ------------------------------------------------- | --------------------------------------------- |
// | request, start, animate, transitionFinished: one  | `requestInPlace`: the same transition id and  |
// | transition id, the result `.completed`, the       | result; the machine stays idle, since nothing |
// | machine idle again                                | can observe it in between (no request id)     |
// | `child`, `shownChild` and `lifecycle` set         | `child` and `shownChild` set; `lifecycle`     |
// |                                                   | stays "does not adopt"                        |
// | the replaced child's `childLeaves` called, the    | nothing: the path is taken only while         |
// | new request's stored                              | `childLeaves` is nil, and stores none         |
// | `willTransition` then `didTransition`, no frames  | `publishPair`: both events, same values       |
// | no hooks, no stage calls (there are none)         | none                                          |
// | `runnerTaskHash` set, then cleared                | untouched                                     |
// | `childMaker` set while a factory runs, cleared    | untouched (a child request has no factory)    |
//
// Whoever adds a side effect to `run` adds it here, or excludes the case from this path
// in `cycleInPlace`'s `synchronous` test. `FlowContainerInPlaceTests` checks the rule:
// `inPlaceAndOrdinaryPathsLeaveTheSameObservableState` runs one script on both paths and
// compares every event and the performer's state (`FlowContainer.performerState`) after
// each call, so a side effect added to one path only fails it.
//
// ## Locks
//
// Three locks, always taken in this order and never in another: the broadcaster's, then
// the machine's (the broadcaster reports its subscriber count into the machine while it
// holds its own), then the child snapshot's (written inside the machine's lock below).
// Nothing takes the broadcaster's lock while holding the machine's or the snapshot's, and
// nothing takes the machine's while holding the snapshot's.
//
// ## Special cases kept for speed
//
// Each is measured in <doc:Performance> ("The fast path and what it costs"), with the
// benchmark row or instruction count behind it, and each is covered on both of its
// branches by the tests named there:
// - the broadcaster's `sole` subscriber beside its list (reading a list element costs a
//   generic metadata lookup);
// - the subscriber count mirrored into the machine, so that this path takes one lock for
//   the phase, the transition id and "anyone listening";
// - `@exclusivity(unchecked)` on `child` and `lifecycle`, touched only on the actor;
// - checked continuations in debug builds only (`RequestWaiter`);
// - `events(bufferingPolicy:)`, `Transition.init` and the broadcaster's subscribe as
//   `@inlinable`/`@usableFromInline`, so that each subscriber's pair closure is made in
//   the client's code, specialised for its `Child`;
// - `LifecycleAdoption`, which casts each dynamic type of child once, not each child.

extension EventBroadcaster {
    /// Makes and yields both events of an in-place transition from its id, its children
    /// and its animation. Taking the parts, rather than a `Transition<Child>`, spares the
    /// container's generic code a metadata lookup per transition.
    @usableFromInline
    typealias PairSink = @Sendable (TransitionID, Child, Child, TransitionAnimation) -> Void
}

extension FlowContainer {
    /// Runs an uncontended transition that cannot suspend (an immediate animation, no
    /// stage, no hop in place, neither child adopting ``FlowLifecycle``) in one synchronous
    /// step and returns its result, when the machine allows it (the container is idle);
    /// otherwise returns `nil` and the request takes the ordinary path. The machine's phase
    /// can leave `idle` only through inputs made on the actor, so the check cannot go stale.
    func cycleInPlace(to newChild: Child, animation: TransitionAnimation) -> TransitionResult? {
        let synchronous =
            !animation.isAnimated && stage == nil && !lifecycle.childAdopts && childLeaves == nil
            && !lifecycle.adopts(newChild)
        let caller = currentCaller()
        // The snapshot of the child is written under the machine's lock, in the step that
        // reads the subscriber count: a subscriber that reads the snapshot after
        // subscribing either sees the new child or gets this transition's events.
        let action = decide { machine in
            let action = machine.requestInPlace(caller: caller, canCompleteSynchronously: synchronous)
            if case .perform = action {
                shownChild.withLock { $0 = newChild }
            }
            return action
        }
        switch action {
        case .useRequest:
            return nil
        case .resolve(let result):
            return result
        case .perform(let id, let result, let publish):
            if publish {
                let oldChild = child
                child = newChild
                // Each subscriber's own closure makes both events (see `events(bufferingPolicy:)`).
                broadcaster.publishPair(id, from: oldChild, to: newChild, animation: animation)
            } else {
                child = newChild
            }
            return result
        }
    }

    /// What the performer holds between calls, for tests that compare the in-place path
    /// with the ordinary one: everything but the event streams and the clock.
    var performerState: PerformerState {
        PerformerState(
            machine: decide { $0.snapshot },
            shownChild: shownChild.withLock { $0 },
            childAdopts: lifecycle.childAdopts,
            hasChildLeaves: childLeaves != nil,
            runnerTaskHash: runnerTaskHash,
            isAnimating: activeAnimation != nil,
            hasChildMaker: childMaker != nil
        )
    }

    /// See ``performerState``.
    struct PerformerState: Sendable {
        let machine: FlowStateMachine<RequestWaiter, FinishContinuation>.Snapshot
        let shownChild: Child
        let childAdopts: Bool
        let hasChildLeaves: Bool
        let runnerTaskHash: Int?
        let isAnimating: Bool
        let hasChildMaker: Bool
    }
}
