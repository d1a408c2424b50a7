// Trace cost (issue 28): a login/logout cycle through a one-scene, headless `AuthFlow`
// (`Int` children, immediate animations) without a tracer and with a `FlowTraceRecorder`,
// alternately in one process. What it shows is what recording costs per cycle and per
// event recorded; a flow without a tracer pays a nil check per event it would record.
//
//   swift run -c release TraceCost [rounds] [cycles]     (from Benchmarks/; 5 and 10,000 by default)
//
// One warm-up round is dropped and the medians are reported; `Docs/AppFlow.docc/Performance.md`
// keeps the figures.
import AppFlow
import References
import Timing

/// Nanoseconds per cycle, and the events recorded per cycle (0 without a recorder).
func cycles(traced: Bool, _ count: Int) async -> (nanoseconds: Double, events: Double) {
    let recorder = traced ? FlowTraceRecorder() : nil
    let flow = AuthFlow(provider: TrivialProvider(), splash: -1, tracer: recorder)
    await flow.start()
    let before = recorder?.entries.count ?? 0
    let elapsed = await elapsedNanoseconds { await runLoginLogoutCycles(flow, count) }
    await flow.finish()
    let events = Double((recorder?.entries.count ?? 0) - before) / Double(count)
    return (elapsed / Double(count), events)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let rounds = arguments.first ?? 5
let count = arguments.dropFirst().first ?? 10_000
var plain: [Double] = []
var traced: [Double] = []
var eventsPerCycle = 0.0
for round in -1..<rounds {
    let a: (nanoseconds: Double, events: Double)
    let b: (nanoseconds: Double, events: Double)
    if round % 2 == 0 {
        a = await cycles(traced: false, count)
        b = await cycles(traced: true, count)
    } else {
        b = await cycles(traced: true, count)
        a = await cycles(traced: false, count)
    }
    guard round >= 0 else { continue }
    plain.append(a.nanoseconds)
    traced.append(b.nanoseconds)
    eventsPerCycle = b.events
}
let (p, t) = (median(plain), median(traced))
print("| AuthFlow cycle | per cycle | events recorded per cycle | per event recorded |")
print("| --- | --- | --- | --- |")
print("| no tracer | \(formatNanoseconds(p)) | 0 | |")
print(
    "| FlowTraceRecorder | \(formatNanoseconds(t)) | \((eventsPerCycle * 10).rounded() / 10) | \(formatNanoseconds((t - p) / max(eventsPerCycle, 1))) |"
)
print("(\(rounds) rounds of \(count) cycles, medians; the recorder's cycles include its follower task's work)")
