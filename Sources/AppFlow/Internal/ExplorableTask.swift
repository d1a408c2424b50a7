/// What a task AppFlow starts needs from the test kit's schedule explorer, when one runs
/// the code: the executor that runs one job at a time, and where to say which task is
/// which. Bound as a task-local by the explorer around its scenario, so every task that
/// descends from the scenario sees it; `nil` everywhere else.
package struct TaskControl: Sendable {
    /// The explorer's `any TaskExecutor`, kept as `any Sendable` because that protocol is
    /// newer than the package's oldest platforms.
    package let executor: any Sendable
    /// Names the task running now, for the explorer's reports.
    package let began: @Sendable (String) -> Void
    /// Says that the task running now is about to end.
    package let ended: @Sendable () -> Void

    package init(
        executor: any Sendable,
        began: @escaping @Sendable (String) -> Void,
        ended: @escaping @Sendable () -> Void
    ) {
        self.executor = executor
        self.began = began
        self.ended = ended
    }

    /// The control of the code running now.
    @TaskLocal package static var current: TaskControl?

    /// Runs `operation` as task `name` of the current control, if any.
    package static func named<Success>(
        _ name: String,
        _ control: TaskControl?,
        _ operation: () async -> Success
    ) async -> Success {
        guard let control else { return await operation() }
        control.began(name)
        let result = await operation()
        control.ended()
        return result
    }
}

extension Task where Failure == Never {
    /// Starts `operation` as every unstructured task of AppFlow starts: on the schedule
    /// explorer's executor when an explorer runs the code (an unstructured task does not
    /// inherit a task executor preference), else as `Task {}` would, without its caller's
    /// actor. `detached` drops the caller's task-local values and priority, as
    /// `Task.detached` does.
    @discardableResult
    package static func explorable(
        _ name: String,
        detached: Bool = false,
        operation: sending @escaping () async -> Success
    ) -> Task<Success, Never> {
        let control = TaskControl.current
        if let control, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
            let executor = control.executor as? any TaskExecutor
        {
            return Task(executorPreference: executor) {
                await TaskControl.named(name, control, operation)
            }
        }
        return detached ? Task.detached(operation: operation) : Task(operation: operation)
    }
}
