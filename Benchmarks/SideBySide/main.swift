// Measures each row of the performance table side by side in one process: AppFlow and
// its reference run alternately in every round (the order swaps each round), and the
// table reports medians over the rounds. On a shared machine only the ratios within one
// run mean anything; `Docs/AppFlow.docc/Performance.md` keeps the figures.
//
//   swift run -c release SideBySide [rounds]     (from Benchmarks/; 9 rounds by default)
//
// Every measured loop is a nonisolated async function, so no call hops to the main actor.
import AppFlow
import HeapStats
import References
import Timing

/// One row: AppFlow against its reference, each measured once per round.
struct Row {
    let name: String
    let reference: String
    let unit: String
    /// Whether the row compares by the difference (memory beyond the reference) rather
    /// than the ratio.
    var byDifference = false
    let appFlow: @Sendable () async -> Double
    let baseline: @Sendable () async -> Double
}

let sequentialCycles = 200_000
let contendedTasks = 1_000
let contendedCycles = 100
let stormTasks = 100_000
let eventCycles = 100_000
let waitingRequests = 100_000

let rows = [
    Row(
        name: "sequential `.immediate` cycle, no subscriber",
        reference: "bare actor swapping an `Int`",
        unit: "ns/cycle",
        appFlow: { await sequential(AppFlowCycling(), sequentialCycles) },
        baseline: { await sequential(BareActor(), sequentialCycles) }
    ),
    Row(
        name: "1,000 tasks × 100 cycles",
        reference: "actor with a FIFO of continuations",
        unit: "ns/cycle",
        appFlow: { await contended(AppFlowCycling(), tasks: contendedTasks, cycles: contendedCycles) },
        baseline: { await contended(ContinuationFIFO(), tasks: contendedTasks, cycles: contendedCycles) }
    ),
    Row(
        name: "100,000 tasks, one cycle each",
        reference: "actor with a FIFO of continuations",
        unit: "ns/cycle",
        appFlow: { await contended(AppFlowCycling(), tasks: stormTasks, cycles: 1) },
        baseline: { await contended(ContinuationFIFO(), tasks: stormTasks, cycles: 1) }
    ),
    Row(
        name: "one subscriber, timed until it has received every event",
        reference: "hand-written actor yielding the same payload",
        unit: "ns/cycle",
        appFlow: {
            let subject = AppFlowCycling()
            return await untilDrained(subject, subject.container.events(), eventCycles)
        },
        baseline: {
            let subject = HandWrittenEvents()
            return await untilDrained(subject, subject.events, eventCycles)
        }
    ),
    Row(
        name: "the same, a generic hand-written actor compiled apart (unspecialised, as AppFlow runs)",
        reference: "hand-written actor yielding the same payload",
        unit: "ns/cycle",
        appFlow: {
            let subject = GenericHandWrittenEvents(initial: 0)
            return await untilDrained(subject, subject.events, eventCycles)
        },
        baseline: {
            let subject = HandWrittenEvents()
            return await untilDrained(subject, subject.events, eventCycles)
        }
    ),
    Row(
        name: "the same, a specialised bound with AppFlow's checks and any number of subscribers",
        reference: "hand-written actor yielding the same payload",
        unit: "ns/cycle",
        appFlow: {
            let subject = FanOutBound()
            return await untilDrained(subject, subject.events(), eventCycles)
        },
        baseline: {
            let subject = HandWrittenEvents()
            return await untilDrained(subject, subject.events, eventCycles)
        }
    ),
    Row(
        name: "waiting request, heap bytes beyond its suspended task",
        reference: "task suspended at a gate",
        unit: "B/request",
        byDifference: true,
        appFlow: { await waitingAppFlow(waitingRequests) },
        baseline: { await waitingTasks(waitingRequests) }
    ),
]

/// AppFlow and the references behind one shape, so that each row runs the same loop
/// around both (specialised here for each).
protocol Cycling: Sendable {
    func cycle(to child: Int) async
}

struct AppFlowCycling: Cycling {
    let container = FlowContainer(initial: 0, animation: .immediate)

    func cycle(to child: Int) async {
        await container.cycle(to: child)
    }
}

extension BareActor: Cycling {}
extension ContinuationFIFO: Cycling {}
extension HandWrittenEvents: Cycling {}
extension GenericHandWrittenEvents: Cycling where Child == Int {}
extension FanOutBound: Cycling {}

func sequential(_ subject: some Cycling, _ count: Int) async -> Double {
    await elapsedNanoseconds {
        for child in 0..<count {
            await subject.cycle(to: child)
        }
    } / Double(count)
}

func contended(_ subject: some Cycling, tasks: Int, cycles: Int) async -> Double {
    await elapsedNanoseconds {
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for cycle in 0..<cycles {
                        await subject.cycle(to: task * cycles + cycle)
                    }
                }
            }
        }
    } / Double(tasks * cycles)
}

/// `count` cycles with one subscriber, timed until it has received both events of each.
func untilDrained<Event: Sendable>(_ subject: some Cycling, _ events: AsyncStream<Event>, _ count: Int) async -> Double
{
    await elapsedNanoseconds {
        let subscriber = Task {
            var received = 0
            for await _ in events {
                received += 1
                if received == 2 * count { return }
            }
        }
        for child in 0..<count {
            await subject.cycle(to: child)
        }
        await subscriber.value
    } / Double(count)
}

/// Bytes in use on the heap now, as the C library counts them.
func heapBytes() -> Int {
    Int(heap_stats_bytes_in_use())
}

/// Heap bytes per request while `count` requests wait behind a held transition, beyond
/// what as many tasks suspended at a gate take.
func waitingAppFlow(_ count: Int) async -> Double {
    let gate = AsyncGate()
    let hold = TransitionAnimation.custom(name: "hold", duration: nil) { (_: Int, _: Int, _) in await gate.wait() }
    let container = FlowContainer(initial: 0, animation: .immediate)
    let first = Task { await container.cycle(to: -1, animation: hold) }
    while await gate.waiting == 0 { await Task.yield() }
    let before = heapBytes()
    var perRequest = 0.0
    await withTaskGroup(of: Void.self) { group in
        for child in 0..<count {
            group.addTask { await container.cycle(to: child) }
        }
        while await container.pendingCount < count { await Task.yield() }
        perRequest = Double(heapBytes() - before) / Double(count)
        await gate.open()
    }
    _ = await first.value
    return perRequest
}

/// Heap bytes per task while `count` tasks wait at a gate.
func waitingTasks(_ count: Int) async -> Double {
    let gate = AsyncGate()
    let before = heapBytes()
    var perTask = 0.0
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<count {
            group.addTask { await gate.wait() }
        }
        while await gate.waiting < count { await Task.yield() }
        perTask = Double(heapBytes() - before) / Double(count)
        await gate.open()
    }
    return perTask
}

func format(_ value: Double) -> String {
    abs(value) >= 100 ? String(Int(value.rounded())) : String(Double(Int((value * 10).rounded())) / 10)
}

func measure(rounds: Int) async {
    var appFlow = Array(repeating: [Double](), count: rows.count)
    var baseline = Array(repeating: [Double](), count: rows.count)
    // One warm-up round, not kept.
    for round in -1..<rounds {
        for (index, row) in rows.enumerated() {
            var (a, b) = (0.0, 0.0)
            if round % 2 == 0 {
                a = await row.appFlow()
                b = await row.baseline()
            } else {
                b = await row.baseline()
                a = await row.appFlow()
            }
            guard round >= 0 else { continue }
            appFlow[index].append(a)
            baseline[index].append(b)
        }
    }
    print("| scenario | AppFlow | reference | ratio | per-round ratios |")
    print("| --- | --- | --- | --- | --- |")
    for (index, row) in rows.enumerated() {
        let (a, b) = (median(appFlow[index]), median(baseline[index]))
        if row.byDifference {
            let differences = zip(appFlow[index], baseline[index]).map { $0 - $1 }
            print(
                "| \(row.name) | \(format(a)) \(row.unit) | \(row.reference): \(format(b)) | "
                    + "+\(format(a - b)) B | \(format(differences.min()!)) to \(format(differences.max()!)) B |"
            )
            continue
        }
        let ratios = zip(appFlow[index], baseline[index]).map { $0 / $1 }
        print(
            "| \(row.name) | \(format(a)) \(row.unit) | \(row.reference): \(format(b)) | "
                + "\(ratio(a / b)) | \(ratio(ratios.min()!)) to \(ratio(ratios.max()!)) |"
        )
    }
    print("(\(rounds) rounds, medians)")
}

heap_stats_use_one_arena()
let arguments = CommandLine.arguments
let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 9 : 9
await measure(rounds: rounds)
