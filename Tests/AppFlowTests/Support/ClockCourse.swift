import AppFlow
import AppFlowTesting

/// How a call went on a manual clock that stood still from the moment it was made.
enum ClockCourse<Value: Sendable & Equatable>: Sendable, Equatable {
    /// It returned this value without the clock.
    case returned(Value)
    /// It began a timed animation, which waits for the clock.
    case animating
    /// Neither within 30 s of real time: a hang.
    case stuck
}

/// Whether `call`, just made on `clock`, returns without the clock or begins an animation
/// of `length` (delay plus duration) instead, which then waits for the clock.
///
/// Both are events, so that a loaded machine only slows this down and a broken guarantee
/// fails at once: an animation has begun when its watchdog sleeps, until `length` plus the
/// container's default margin of 2 s after the instant the clock stands at. Only a call
/// that does neither waits out the generous bound. Nobody may advance the clock meanwhile.
func course<Value: Sendable & Equatable>(
    of call: Task<Value, Never>,
    on clock: ManualClock,
    animationLength length: Duration = .milliseconds(200)
) async -> ClockCourse<Value> {
    let watchdog = clock.now.advanced(by: length + .seconds(2))
    return await withTaskGroup(of: ClockCourse<Value>.self) { group in
        group.addTask { await call.value(within: .seconds(30)).map { .returned($0) } ?? .stuck }
        group.addTask {
            await clock.waitForSleeper(at: watchdog)
            return Task.isCancelled ? .stuck : .animating
        }
        let first = await group.next() ?? .stuck
        group.cancelAll()
        return first
    }
}
