// Scene cycles (issue 23): a login/logout cycle through an `AuthFlow` with 1, 2 and 3
// scenes, against as many hand-written containers (`BareActor`, swapping an `Int`) switched
// to the logged-in child and back in a loop. What it shows is how the cost grows per extra
// scene: linearly, if t(3) - t(2) is about t(2) - t(1).
//
//   swift run -c release SceneCycles [rounds] [cycles]     (from Benchmarks/; 5 and 10,000 by default)
//
// Each round measures every size, AppFlow and its reference alternately (the order swaps
// each round); one warm-up round is dropped and the medians are reported. On a shared
// machine only the ratios within one run mean anything; `Docs/AppFlow.docc/Performance.md`
// keeps the figures. Every measured loop is a nonisolated async function, so no call hops
// to the main actor.
import AppFlow
import References
import Timing

/// Nanoseconds per `login("a")`/`logout()` cycle of a started, headless flow with `scenes`
/// scenes (the flow's own and `scenes - 1` attached ones).
func appFlowCycles(scenes: Int, _ count: Int) async -> Double {
    let flow = AuthFlow(provider: TrivialProvider(), splash: -1)
    for _ in 1..<scenes {
        _ = flow.attachScene(placeholder: -1)
    }
    await flow.start()
    let elapsed = await elapsedNanoseconds { await runLoginLogoutCycles(flow, count) }
    await flow.finish()
    return elapsed / Double(count)
}

/// Nanoseconds per cycle of `containers` bare actors, each switched to the logged-in
/// child and then each back to the logged-out child, one after another.
func referenceCycles(containers: Int, _ count: Int) async -> Double {
    let actors = (0..<containers).map { _ in BareActor() }
    return await elapsedNanoseconds {
        for _ in 0..<count {
            for container in actors { await container.cycle(to: 1) }
            for container in actors { await container.cycle(to: 0) }
        }
    } / Double(count)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let rounds = arguments.first ?? 5
let cycles = arguments.dropFirst().first ?? 10_000
let sizes = [1, 2, 3]
var appFlow = [Int: [Double]]()
var reference = [Int: [Double]]()
// One warm-up round, not kept.
for round in -1..<rounds {
    for scenes in sizes {
        var (a, b) = (0.0, 0.0)
        if round % 2 == 0 {
            a = await appFlowCycles(scenes: scenes, cycles)
            b = await referenceCycles(containers: scenes, cycles)
        } else {
            b = await referenceCycles(containers: scenes, cycles)
            a = await appFlowCycles(scenes: scenes, cycles)
        }
        guard round >= 0 else { continue }
        appFlow[scenes, default: []].append(a)
        reference[scenes, default: []].append(b)
    }
}
let t = sizes.map { median(appFlow[$0]!) }
let r = sizes.map { median(reference[$0]!) }
print("| scenes | AppFlow, per cycle | bare actors, per cycle | ratio | per-round ratios |")
print("| --- | --- | --- | --- | --- |")
for (index, scenes) in sizes.enumerated() {
    let ratios = zip(appFlow[scenes]!, reference[scenes]!).map { $0 / $1 }
    print(
        "| \(scenes) | \(formatNanoseconds(t[index])) | \(formatNanoseconds(r[index])) | \(ratio(t[index] / r[index])) | "
            + "\(ratio(ratios.min()!)) to \(ratio(ratios.max()!)) |"
    )
}
let (extra, extraReference) = ((t[2] - t[0]) / 2, (r[2] - r[0]) / 2)
print(
    "per extra scene, (t(3) - t(1)) / 2: AppFlow \(formatNanoseconds(extra)) (\(ratio(extra / t[0])) t(1)); "
        + "bare actors \(formatNanoseconds(extraReference)) (\(ratio(extraReference / r[0])) t(1))"
)
print("steps: AppFlow t(2) - t(1) = \(formatNanoseconds(t[1] - t[0])), t(3) - t(2) = \(formatNanoseconds(t[2] - t[1]))")
print("(\(rounds) rounds of \(cycles) cycles, medians)")
