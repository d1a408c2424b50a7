// Cover latency (issue 25): the time from `cover()` being called to its return (the privacy
// cover shown in the flow's scene, headless), on a logged-in `AuthFlow`, with no transition
// running and with a login's 10 s fade running, against one uncontended `AuthFlow` call (a
// login or a logout, immediate) and one uncontended `FlowContainer` cycle (immediate, `Int`
// children, which takes the in-place path).
//
//   swift run -c release CoverLatency [rounds]     (from Benchmarks/; 200 by default)
//
// Reports the median of the rounds. `Docs/AppFlow.docc/Performance.md` keeps the figures.
import AppFlow
import Timing

/// `Int` children made at once; the cover is -2, the lock screen -3.
struct CoverProvider: AuthFlowProvider {
    let loginAnimation: TransitionAnimation
    func initialSession() async -> Int? { 1 }
    func makeLoggedOutChild() async -> Int { 0 }
    func makeLoggedInChild(for session: Int) async -> Int { session }
    func makePrivacyCover(for session: Int, in scene: AuthSceneID) async -> Int { -2 }
    var configuration: AuthFlowConfiguration {
        AuthFlowConfiguration(loginAnimation: loginAnimation, logoutAnimation: .immediate, startAnimation: .immediate)
    }
}

/// Nanoseconds from `cover()` to its return with nothing running.
func idleCover() async -> Double {
    let flow = AuthFlow(provider: CoverProvider(loginAnimation: .immediate), splash: -1)
    await flow.start()
    var covered = AuthResult.cancelled
    let elapsed = await elapsedNanoseconds { covered = await flow.cover() }
    precondition(covered == .completed, "the cover returned \(covered)")
    await flow.finish()
    return elapsed
}

/// Nanoseconds from `cover()` to its return while a login's 10 s fade runs.
func coverDuringFade() async -> Double {
    let flow = AuthFlow(provider: CoverProvider(loginAnimation: .fade(duration: .seconds(10))), splash: -1)
    await flow.start()
    let events = flow.events()
    let login = Task { await flow.login(2) }
    for await event in events where event.kind == .willLogin { break }
    var covered = AuthResult.cancelled
    let elapsed = await elapsedNanoseconds { covered = await flow.cover() }
    precondition(covered == .completed, "the cover returned \(covered)")
    let interrupted = await login.value
    precondition(interrupted == .interrupted, "the login returned \(interrupted)")
    await flow.finish()
    return elapsed
}

/// Nanoseconds per uncontended AuthFlow call (a login or a logout, immediate, headless),
/// averaged over 500 login/logout cycles.
func uncontendedAuthCall() async -> Double {
    let flow = AuthFlow(provider: CoverProvider(loginAnimation: .immediate), splash: -1)
    await flow.start()
    let count = 500
    let elapsed = await elapsedNanoseconds {
        for _ in 0..<count {
            await flow.logout()
            await flow.login(1)
        }
    }
    await flow.finish()
    return elapsed / Double(2 * count)
}

/// Nanoseconds per uncontended cycle of a container, immediate, averaged over 1,000.
func uncontendedCycle() async -> Double {
    let container = FlowContainer(initial: 0, animation: .immediate)
    let count = 1_000
    let elapsed = await elapsedNanoseconds {
        for value in 1...count { await container.cycle(to: value) }
    }
    return elapsed / Double(count)
}

let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 200
var idle: [Double] = []
var fading: [Double] = []
var cycles: [Double] = []
var calls: [Double] = []
for round in 0..<rounds {
    idle.append(await idleCover())
    fading.append(await coverDuringFade())
    if round % 10 == 0 {
        cycles.append(await uncontendedCycle())
        calls.append(await uncontendedAuthCall())
    }
}
let (cycle, call) = (median(cycles), median(calls))
print(
    "| cover() called → shown | median | × an AuthFlow call (\(formatNanoseconds(call))) "
        + "| × a container cycle (\(formatNanoseconds(cycle))) |"
)
print("| --- | --- | --- | --- |")
for (label, samples) in [("no transition running", idle), ("a login's fade running", fading)] {
    let value = median(samples)
    print("| \(label) | \(formatNanoseconds(value)) | \(ratio(value / call)) | \(ratio(value / cycle)) |")
}
print("(\(rounds) rounds, medians)")
