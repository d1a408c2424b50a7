// Intent delivery (issue 24): `open` → delivered to the logged-in child on screen, per
// intent, awaited one after another, against a hand-written actor that hands the same value
// to a stored handler. Both handlers add the value to a counter.
//
//   swift run -c release IntentDelivery [rounds] [intents]     (from Benchmarks/; 5 and 10,000 by default)
//
// Each round measures both, alternately (the order swaps each round); one warm-up round is
// dropped and the medians are reported. `Docs/AppFlow.docc/Performance.md` keeps the figures.
import AppFlow
import Timing

/// A counter both handlers add to, so that neither delivery is optimised away.
final class Counter: @unchecked Sendable {
    // Only one delivery runs at a time in either path, and it is read after they all ended.
    var total = 0
}

/// A started flow, logged in at once; its children are trivial and its handler counts.
struct CountingProvider: AuthFlowProvider {
    typealias Intent = Int
    let counter: Counter
    func initialSession() async -> String? { "a" }
    func makeLoggedOutChild() async -> Int { 0 }
    func makeLoggedInChild(for session: String) async -> Int { 1 }
    func handle(_ intent: Int, in child: Int, context: AuthIntentContext<String>) async {
        counter.total += intent
    }
    var configuration: AuthFlowConfiguration {
        AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate, startAnimation: .immediate)
    }
}

/// The hand-written alternative: an actor that keeps a handler and hands it each value.
actor HandlerActor {
    let handler: @Sendable (Int) async -> Void
    init(handler: @escaping @Sendable (Int) async -> Void) { self.handler = handler }
    func open(_ value: Int) async { await handler(value) }
}

/// Nanoseconds per intent opened on a logged-in flow and delivered.
func appFlowIntents(_ count: Int) async -> Double {
    let counter = Counter()
    let flow = AuthFlow(provider: CountingProvider(counter: counter), splash: -1)
    await flow.start()
    let elapsed = await elapsedNanoseconds {
        for value in 0..<count {
            let result = await flow.open(value)
            precondition(result == .delivered(flow.scene.id), "the intent returned \(result)")
        }
    }
    precondition(counter.total == count * (count - 1) / 2)
    await flow.finish()
    return elapsed / Double(count)
}

/// Nanoseconds per value handed to the reference actor's handler.
func referenceIntents(_ count: Int) async -> Double {
    let counter = Counter()
    let reference = HandlerActor { counter.total += $0 }
    let elapsed = await elapsedNanoseconds {
        for value in 0..<count { await reference.open(value) }
    }
    precondition(counter.total == count * (count - 1) / 2)
    return elapsed / Double(count)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let rounds = arguments.first ?? 5
let intents = arguments.dropFirst().first ?? 10_000
var appFlow: [Double] = []
var reference: [Double] = []
for round in -1..<rounds {
    var (a, b) = (0.0, 0.0)
    if round % 2 == 0 {
        a = await appFlowIntents(intents)
        b = await referenceIntents(intents)
    } else {
        b = await referenceIntents(intents)
        a = await appFlowIntents(intents)
    }
    guard round >= 0 else { continue }
    appFlow.append(a)
    reference.append(b)
}
let ratios = zip(appFlow, reference).map { $0 / $1 }
let (t, r) = (median(appFlow), median(reference))
print("| open → delivered, per intent | AppFlow | handler actor | ratio | per-round ratios |")
print("| --- | --- | --- | --- | --- |")
print(
    "| logged in, one scene | \(formatNanoseconds(t)) | \(formatNanoseconds(r)) | \(Int((t / r).rounded()))× | "
        + "\(Int(ratios.min()!.rounded()))× to \(Int(ratios.max()!.rounded()))× |"
)
print("(\(rounds) rounds of \(intents) intents, medians)")
