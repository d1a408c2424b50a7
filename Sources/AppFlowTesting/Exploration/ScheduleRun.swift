import AppFlow

/// The driver of one schedule, on the driver's thread: starts the scenario on the
/// explorer's executor, then runs one job at a time as `chooser` picks, moves the clock
/// when no job can run, and tells how it ended.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct ScheduleRun {
    typealias Scenario = @Sendable (Exploration) async throws -> Void

    let strategy: ExplorationStrategy
    let index: Int
    let maxSteps: Int
    /// How long, in real time, the driver waits for a job from outside its control
    /// before it calls a scenario with nothing to run deadlocked.
    let outsideWait: Duration

    /// Runs the schedule and returns what it did, with the chooser's choices.
    func run(_ scenario: @escaping Scenario, chooser: inout ScheduleChooser) -> ScheduleRecord {
        let exploration = Exploration(schedule: index)
        let (executor, book, control) = (exploration.executor, exploration.book, exploration.control)
        TaskControl.$current.withValue(control) {
            _ = Task(executorPreference: executor) {
                await TaskControl.named("scenario", control) {
                    do {
                        try await scenario(exploration)
                    } catch {
                        exploration.fail("the scenario threw \(error)")
                    }
                }
                book.withLock { $0.scenarioEnded = true }
            }
        }
        var steps: [ScheduleStep] = []
        var fromOutside = 0
        var problem: ScheduleRecord.Problem?
        func record(_ step: ScheduleStep) {
            steps.append(step)
            book.withLock { $0.steps = steps.count }
            exploration.recorder.record(.scheduleStep(index: steps.count - 1, label: step.label))
        }
        while true {
            let runnable = executor.runnable
            if runnable.isEmpty {
                if book.withLock({ $0.scenarioEnded }) { break }
                if let deadline = exploration.clock.nextDeadline {
                    exploration.clock.advance(to: deadline)
                    record(ScheduleStep(kind: .clock(deadline), label: "clock at \(deadline)"))
                    continue
                }
                if waitForOutsideJob(executor) {
                    fromOutside += 1
                    continue
                }
                problem = .deadlock(waiting: waiting(book))
                break
            }
            if steps.count >= maxSteps {
                problem = .stepLimit(steps.count)
                break
            }
            let ran = executor.run(at: chooser.choose(runnable))
            record(ScheduleStep(kind: .job(task: ran.task, isActorJob: ran.isActorJob), label: label(ran, book)))
        }
        executor.release()
        if problem == nil, !exploration.problems.isEmpty {
            problem = .failed(exploration.problems)
        }
        return ScheduleRecord(
            schedule: Schedule(strategy: strategy, choices: chooser.choices),
            steps: steps,
            problem: problem,
            jobsFromOutside: fromOutside,
            diverged: chooser.diverged,
            recorder: exploration.recorder
        )
    }

    /// Waits up to ``outsideWait`` for a job to arrive from outside; returns whether one
    /// did.
    private func waitForOutsideJob(_ executor: ControlledExecutor) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: outsideWait)
        while clock.now < deadline {
            System.pause()
            if !executor.isIdle { return true }
        }
        return false
    }

    /// Each task that began and has not ended, by name and number, oldest first.
    private func waiting(_ book: LockedValue<Exploration.Book>) -> [String] {
        book.withLock { book in
            book.names.keys.sorted().filter { !book.ended.contains($0) }.map { "\(book.names[$0] ?? "") (task \($0))" }
        }
    }

    private func label(_ job: RunnableJob, _ book: LockedValue<Exploration.Book>) -> String {
        let name = book.withLock { book in job.task.map { "\(book.names[$0] ?? "task") (task \($0))" } }
        guard job.isActorJob else { return name ?? "a task" }
        return "an actor, woken by \(name ?? "code outside the schedule")"
    }
}
