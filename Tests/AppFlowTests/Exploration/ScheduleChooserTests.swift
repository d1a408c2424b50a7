import Testing

@testable import AppFlowTesting

/// The explorer's decisions, as pure values: no task runs here.
struct ScheduleChooserTests {
    static func jobs(_ tasks: [Int]) -> [RunnableJob] {
        tasks.map { RunnableJob(task: $0, isActorJob: false) }
    }

    @Test func depthFirstEnumeratesEveryOrderOnceAndThenStops() {
        // Two steps of widths 2 and 3: six orders.
        var orders: [[Int]] = []
        var next: [Int]? = []
        while let prefix = next {
            var chooser = ScheduleChooser(following: prefix)
            _ = chooser.choose(Self.jobs([0, 1]))
            _ = chooser.choose(Self.jobs([0, 1, 2]))
            orders.append(chooser.choices)
            next = ScheduleChooser.nextDepthFirst(after: chooser.choices, widths: chooser.widths)
        }
        #expect(orders == [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]])
    }

    @Test func aFollowedChoiceOutOfRangeIsFlaggedAsDivergedAndTheOldestJobRuns() {
        var chooser = ScheduleChooser(following: [2, 1])
        #expect(chooser.choose(Self.jobs([0, 1])) == 0)
        #expect(chooser.diverged)
        #expect(chooser.choose(Self.jobs([0, 1])) == 1)
        // Past its choices, the oldest.
        #expect(chooser.choose(Self.jobs([0, 1, 2])) == 0)
    }

    @Test func randomChoicesRepeatForASeedAndStayInRange() {
        func run(_ seed: UInt64) -> [Int] {
            var chooser = ScheduleChooser(.random(seed: seed))
            return (0..<200).map { _ in chooser.choose(Self.jobs([0, 1, 2, 3])) }
        }
        #expect(run(9) == run(9))
        #expect(run(9) != run(10))
        #expect(run(9).allSatisfy { (0..<4).contains($0) })
        #expect(Set(run(9)) == [0, 1, 2, 3])
    }

    @Test func pctRunsOneTaskWhileItCanAndSwitchesOnlyAtItsChangePoints() {
        // Depth 1: no change point, so the task of the highest priority runs whenever it
        // can: the same task each step.
        var chooser = ScheduleChooser(.pct(depth: 1, seed: 3, length: 50))
        let picked = (0..<20).map { _ in Self.jobs([0, 1, 2])[chooser.choose(Self.jobs([0, 1, 2]))].task }
        #expect(Set(picked).count == 1)
        // Depth 2: one change point within the length, where the running task drops
        // below the others for good: at most one switch, and one whenever the change
        // point is not the first step (which drops the task before it ever ran).
        var switched = 0
        for seed: UInt64 in 0..<50 {
            var chooser = ScheduleChooser(.pct(depth: 2, seed: seed, length: 20))
            let picked = (0..<20).map { _ in chooser.choose(Self.jobs([0, 1, 2])) }
            let switches = zip(picked, picked.dropFirst()).filter { $0 != $1 }.count
            #expect(switches <= 1)
            switched += switches
        }
        #expect(switched >= 45)
    }

    @Test func anActorsJobRanksAsTheTaskThatWokeIt() {
        var chooser = ScheduleChooser(.pct(depth: 1, seed: 3, length: 50))
        let first = chooser.choose(Self.jobs([0, 1]))
        let favourite = first
        // An actor's job woken by the favourite task outranks the other task's job.
        let jobs = [
            RunnableJob(task: 1 - favourite, isActorJob: false), RunnableJob(task: favourite, isActorJob: true),
        ]
        #expect(chooser.choose(jobs) == 1)
    }

    @Test func aScheduleReadsBackFromItsTextAndBadTextIsAnError() throws {
        for strategy in [ExplorationStrategy.random(seed: 42), .pct(depth: 3, seed: 7, length: 412), .depthFirst] {
            let schedule = Schedule(strategy: strategy, choices: [0, 2, 1, 0])
            #expect(try Schedule(text: schedule.text) == schedule)
        }
        #expect(throws: Schedule.FormatError.self) { try Schedule(text: "hello") }
        #expect(throws: Schedule.FormatError.self) {
            try Schedule(text: "appflow-schedule 1\nstrategy: fifo\nchoices: 0")
        }
        #expect(throws: Schedule.FormatError.self) {
            try Schedule(text: "appflow-schedule 1\nstrategy: random(seed: 1)\nchoices: 0 -1")
        }
        #expect(throws: Schedule.FormatError.self) { try Schedule(contentsOfFile: "/nonexistent/schedule.txt") }
    }

    @Test func aScheduleWrittenToAFileReadsBackTheSame() throws {
        let path = "/tmp/appflow-schedule-\(UInt64.random(in: 0...UInt64.max)).txt"
        let schedule = Schedule(strategy: .pct(depth: 2, seed: 5, length: 30), choices: [1, 0, 3])
        try schedule.write(toFile: path)
        #expect(try Schedule(contentsOfFile: path) == schedule)
        #expect(throws: Schedule.FormatError.self) { try schedule.write(toFile: "/nonexistent/dir/schedule.txt") }
    }

    @Test func pctDepthAndLengthAreClampedToOne() {
        #expect(
            ExplorationStrategy.pct(depth: 0, seed: 1, length: 0).description == "pct(depth: 1, seed: 1, length: 1)"
        )
    }
}
