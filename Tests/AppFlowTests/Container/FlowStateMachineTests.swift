import Testing

@testable import AppFlow

/// The container's decisions, tested synchronously: every policy against every state.
/// Waiters are plain integers and finish waiters plain strings, so no task is involved.
@Suite struct FlowStateMachineTests {
    typealias Machine = FlowStateMachine<Int, String>

    /// A machine running request 1, with requests 2... pending (their waiters are 100 + id).
    static func running(pending: Int = 0, attached: Bool = true) -> Machine {
        var machine = Machine()
        #expect(isRun(machine.request(1, policy: .enqueue, maxPending: .max)))
        for id in UInt64(2)..<UInt64(2 + pending) {
            _ = machine.request(id, policy: .enqueue, maxPending: .max)
            if attached { #expect(isWait(machine.attach(id, waiter: 100 + Int(id)))) }
        }
        return machine
    }

    static func isRun(_ action: Machine.RequestAction) -> Bool {
        if case .run = action { return true }
        return false
    }

    static func isWait(_ action: Machine.AttachAction) -> Bool {
        if case .wait = action { return true }
        return false
    }

    // MARK: idle

    @Test(arguments: OverlapPolicy.allCases)
    func anIdleMachineRunsANewRequestAtOnceUnderEveryPolicy(policy: OverlapPolicy) {
        var machine = Machine()
        #expect(Self.isRun(machine.request(1, policy: policy, maxPending: 0)))
        #expect(machine.isTransitioning)
        #expect(machine.pendingCount == 0)
    }

    @Test func finishingAnIdleMachineClosesItAndLaterFinishesWaitUntilItHasClosed() {
        var machine = Machine()
        guard case .closeNow = machine.finish() else {
            Issue.record("expected closeNow")
            return
        }
        #expect(machine.isFinished)
        #expect(!machine.isTransitioning)
        // While it closes (the child disappears, the streams end), a second finish waits.
        guard case .wait([], false) = machine.finish() else {
            Issue.record("a finish while closing waits")
            return
        }
        #expect(machine.addFinishWaiter("second") == nil)
        guard case .cancel = machine.request(9, policy: .enqueue, maxPending: .max) else {
            Issue.record("closing must cancel")
            return
        }
        #expect(machine.closed() == ["second"])
        guard case .alreadyFinished = machine.finish() else {
            Issue.record("expected alreadyFinished")
            return
        }
        #expect(machine.addFinishWaiter("late") == "late")
    }

    @Test func onlyAnIdleMachineAdmitsAnInPlaceTransition() {
        var machine = Machine()
        #expect(machine.admitsInPlaceTransition())
        #expect(!machine.isTransitioning)

        machine = Self.running()
        #expect(!machine.admitsInPlaceTransition())
        #expect(machine.transitionFinished(1).isIdle)
        #expect(machine.admitsInPlaceTransition())

        machine = Self.running()
        _ = machine.finish()
        #expect(!machine.admitsInPlaceTransition(), "finishing")
        _ = machine.transitionFinished(1)
        #expect(!machine.admitsInPlaceTransition(), "closing")
        _ = machine.closed()
        #expect(!machine.admitsInPlaceTransition(), "finished")
    }

    // MARK: running

    @Test func enqueueWhileRunningWaitsInArrivalOrder() {
        var machine = Self.running(pending: 3)
        #expect(machine.pendingCount == 3)
        for expected in 2...4 {
            guard case .resume(let waiter, .run) = machine.transitionFinished(UInt64(expected - 1)) else {
                Issue.record("expected the next request to be handed the container")
                return
            }
            #expect(waiter == 100 + expected)
        }
        guard case .idle = machine.transitionFinished(4) else {
            Issue.record("expected idle")
            return
        }
        #expect(!machine.isTransitioning)
    }

    @Test func enqueueBeyondMaxPendingIsRejected() {
        var machine = Self.running(pending: 2)
        guard case .reject = machine.request(9, policy: .enqueue, maxPending: 2) else {
            Issue.record("expected reject")
            return
        }
        #expect(machine.pendingCount == 2)
        guard case .suspend = machine.request(10, policy: .enqueue, maxPending: 3) else {
            Issue.record("expected suspend below the bound")
            return
        }
    }

    @Test func dropIfBusyIsRejectedWhileRunningAndLeavesThePendingAlone() {
        var machine = Self.running(pending: 1)
        guard case .reject = machine.request(9, policy: .dropIfBusy, maxPending: .max) else {
            Issue.record("expected reject")
            return
        }
        #expect(machine.pendingCount == 1)
    }

    @Test(arguments: [OverlapPolicy.latestWins, .interrupt])
    func latestWinsAndInterruptSupersedeEveryPendingRequest(policy: OverlapPolicy) {
        var machine = Self.running(pending: 2)
        guard case .suspend(let superseded, let interrupt) = machine.request(9, policy: policy, maxPending: .max) else {
            Issue.record("expected suspend")
            return
        }
        #expect(superseded == [102, 103])
        #expect(interrupt == (policy == .interrupt))
        #expect(machine.pendingCount == 1)
        #expect(machine.interruption(of: 1) == nil || policy == .interrupt)
    }

    @Test func interruptMarksTheRunningTransitionOnlyOnce() {
        var machine = Self.running()
        guard case .suspend(_, true) = machine.request(2, policy: .interrupt, maxPending: .max) else {
            Issue.record("first interrupt must cut the animation short")
            return
        }
        guard case .suspend(let superseded, false) = machine.request(3, policy: .interrupt, maxPending: .max) else {
            Issue.record("second interrupt must not cut again")
            return
        }
        #expect(superseded.isEmpty)  // request 2 never attached, so it is decided early
        guard case .resume(7, .resolved(.superseded)) = machine.attach(2, waiter: 7) else {
            Issue.record("request 2 must find it was superseded")
            return
        }
        guard case .overlap = machine.interruption(of: 1) else {
            Issue.record("expected overlap")
            return
        }
        // The next transition starts uninterrupted.
        _ = machine.attach(3, waiter: 8)
        _ = machine.transitionFinished(1)
        #expect(machine.interruption(of: 3) == nil)
    }

    @Test func aPendingRequestCancelledBeforeItAttachedIsResolvedWhenItAttaches() {
        var machine = Self.running()
        _ = machine.request(2, policy: .enqueue, maxPending: .max)
        #expect(machine.cancel(2) == nil)
        #expect(machine.pendingCount == 0)
        guard case .resume(5, .resolved(.cancelled)) = machine.attach(2, waiter: 5) else {
            Issue.record("expected cancelled on attach")
            return
        }
    }

    @Test func cancellingAnAttachedPendingRequestReturnsItsWaiter() {
        var machine = Self.running(pending: 2)
        #expect(machine.cancel(2) == 102)
        #expect(machine.pendingCount == 1)
        guard case .resume(103, .run) = machine.transitionFinished(1) else {
            Issue.record("the cancelled request must be skipped")
            return
        }
    }

    @Test func cancellingTheRunningRequestChangesNothing() {
        var machine = Self.running()
        #expect(machine.cancel(1) == nil)
        #expect(machine.isTransitioning)
        guard case .idle = machine.transitionFinished(1) else {
            Issue.record("expected idle")
            return
        }
    }

    @Test func aCancelledRequestIsNotLaterSuperseded() {
        var machine = Self.running(pending: 1)
        #expect(machine.cancel(2) == 102)
        guard case .suspend(let superseded, _) = machine.request(3, policy: .latestWins, maxPending: .max) else {
            Issue.record("expected suspend")
            return
        }
        #expect(superseded.isEmpty)
    }

    @Test func aHandedOverRequestThatHadNotAttachedRunsWhenItAttaches() {
        var machine = Self.running()
        _ = machine.request(2, policy: .enqueue, maxPending: .max)
        guard case .handedOver = machine.transitionFinished(1) else {
            Issue.record("expected handedOver")
            return
        }
        guard case .resume(9, .run) = machine.attach(2, waiter: 9) else {
            Issue.record("expected run")
            return
        }
        #expect(machine.cancel(2) == nil)  // it runs now: cancellation changes nothing
    }

    @Test func childReadyProceedsWhileRunning() {
        var machine = Self.running()
        guard case .proceed = machine.childReady(1) else {
            Issue.record("expected proceed")
            return
        }
    }

    // MARK: finishing

    @Test func finishWhileRunningCancelsPendingAndInterruptsTheRunningTransition() {
        var machine = Self.running(pending: 2)
        guard case .wait(let cancelled, true) = machine.finish() else {
            Issue.record("expected wait")
            return
        }
        #expect(cancelled == [102, 103])
        #expect(machine.isFinished)
        #expect(machine.isTransitioning)
        guard case .finish = machine.interruption(of: 1) else {
            Issue.record("expected finish")
            return
        }
        #expect(machine.addFinishWaiter("first") == nil)
        guard case .wait([], false) = machine.finish() else {
            Issue.record("second finish waits too")
            return
        }
        #expect(machine.addFinishWaiter("second") == nil)
        guard case .close = machine.transitionFinished(1) else {
            Issue.record("expected close")
            return
        }
        #expect(!machine.isTransitioning)
        #expect(machine.addFinishWaiter("third") == nil)  // still closing
        #expect(machine.closed() == ["first", "second", "third"])
        #expect(machine.addFinishWaiter("late") == "late")
    }

    @Test func finishKeepsAnEarlierOverlapInterruption() {
        var machine = Self.running()
        _ = machine.request(2, policy: .interrupt, maxPending: .max)
        guard case .wait(_, false) = machine.finish() else {
            Issue.record("already interrupted")
            return
        }
        guard case .overlap = machine.interruption(of: 1) else {
            Issue.record("expected overlap")
            return
        }
    }

    @Test(arguments: OverlapPolicy.allCases)
    func everyRequestAfterFinishIsCancelled(policy: OverlapPolicy) {
        var finishing = Self.running()
        _ = finishing.finish()
        guard case .cancel = finishing.request(5, policy: policy, maxPending: .max) else {
            Issue.record("finishing must cancel")
            return
        }
        var finished = Machine()
        _ = finished.finish()
        guard case .cancel = finished.request(5, policy: policy, maxPending: .max) else {
            Issue.record("finished must cancel")
            return
        }
    }

    @Test func finishWhileAFactoryRunsAbandonsTheTransition() {
        var machine = Self.running()
        _ = machine.finish()
        _ = machine.addFinishWaiter("w")
        guard case .abandon = machine.childReady(1) else {
            Issue.record("expected abandon")
            return
        }
        #expect(!machine.isTransitioning)
        #expect(machine.closed() == ["w"])
    }

    @Test func pendingRequestsNotYetAttachedFindFinishCancelledThem() {
        var machine = Self.running()
        _ = machine.request(2, policy: .enqueue, maxPending: .max)
        guard case .wait([], true) = machine.finish() else {
            Issue.record("expected wait")
            return
        }
        guard case .resume(4, .resolved(.cancelled)) = machine.attach(2, waiter: 4) else {
            Issue.record("expected cancelled")
            return
        }
    }
}

extension FlowStateMachine.FinishedAction {
    var isIdle: Bool {
        if case .idle = self { return true }
        return false
    }
}
