import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// Thousands of overlapping lock, unlock, cover, uncover, login and logout calls in two
/// scenes, with slow
/// lock screens and slow logged-in children: once a lock has returned, no child of a session
/// appears unless an unlock or a login was placed after that lock; every call returns
/// once; hooks stay balanced; in the cover style a scene never shows two children of one
/// session; in the teardown style nothing of a session is kept once it is locked.
@Suite(.endsWithin(.seconds(120))) struct LockStormTests {
    typealias Flow = AuthFlow<IntentAuthProvider>

    @Test(arguments: [AuthLockStyle.cover, .teardown], [1 as UInt64, 2])
    func noSessionChildAppearsBetweenALockAndAnUnlockCalledAfterIt(style: AuthLockStyle, seed: UInt64) async {
        var generator = SeededGenerator(seed: seed)
        let tracker = ReleaseTracker()
        var provider = IntentAuthProvider()
        provider.checksScreen = false
        provider.tracker = tracker
        provider.configuration.lockStyle = style
        var flow: Flow? = Flow(provider: provider, splash: Screen("splash"))
        // A second scene, kept by the flow.
        _ = flow!.attachScene(placeholder: Screen("launch"))
        var calls: [AuthCallHandle] = [flow!.request(.start)]
        var returns: [Task<Void, Never>] = []
        var logins = 0
        for index in 0..<1_500 {
            let request: AuthRequest<String>
            switch generator.next() % 10 {
            case 0, 1:
                request = .login("s\(logins)")
                logins += 1
            case 2: request = .logout()
            case 3, 4: request = .lock()
            case 5: request = .cover
            case 6: request = .uncover
            default: request = .unlock
            }
            // In the same log as the children's hooks: a call before it is placed, a lock's
            // return once it has returned.
            provider.log.append("call #\(index) \(request)")
            let handle = flow!.request(request)
            calls.append(handle)
            switch request {
            case .lock, .cover:
                // A lock or a cover with no session to hide returns `unchanged` at once, and
                // takes no place: it waits for no scene, so a transition placed before it may
                // still run its hooks in a scene that lags. Only one that ran bars the session.
                returns.append(
                    Task { [log = provider.log] in
                        let result = await handle.result
                        if result == .completed || result == .interrupted {
                            log.append("returned #\(index) lock")
                        }
                    }
                )
            default:
                break
            }
            // Slow lock screens and children: some factories wait for a few turns.
            for _ in 0..<generator.next() % 8 { await Task.yield() }
        }
        var results: [AuthResult] = []
        for call in calls { results.append(await call.result) }
        for task in returns { await task.value }
        #expect(results.count == calls.count)

        let log = provider.log.all
        // Once a lock has returned with no call placed after it (so every scene shows its
        // outcome: a newer call could have superseded it in a scene that lags, where a
        // transition begun before the lock still ends first), a session's child appears
        // only after an unlock or a login placed after that lock.
        var barred = false
        var lastRelease = -1
        var lastCall = -1
        for (position, entry) in log.enumerated() {
            if entry.hasPrefix("call #") {
                let index = Int(entry.dropFirst("call #".count).prefix { $0 != " " })!
                lastCall = index
                if entry.hasSuffix(" unlock") || entry.hasSuffix(" uncover") || entry.contains(" login(") {
                    lastRelease = index
                    barred = false
                }
            } else if entry.hasPrefix("returned #") {
                let index = Int(entry.dropFirst("returned #".count).prefix { $0 != " " })!
                if lastRelease < index, lastCall == index { barred = true }
            } else if entry.hasPrefix("main("), entry.hasSuffix(".willAppear") || entry.hasSuffix(".wasUncovered") {
                #expect(
                    !barred,
                    "\(entry) after a lock returned, with no unlock or login placed since; the log before it: \(log[max(0, position - 40)..<position].joined(separator: " | "))"
                )
            }
        }
        // Hooks balanced: each child's hooks alternate appear and disappear, in order; a
        // shown child may be covered, and is then uncovered or disappears.
        var hooks: [String: [String]] = [:]
        for entry in log where !entry.hasPrefix("call #") && !entry.hasPrefix("returned #") {
            let dot = entry.lastIndex(of: ".")!
            hooks[String(entry[..<dot]), default: []].append(String(entry[entry.index(after: dot)...]))
        }
        let next: [String: [String: String]] = [
            "off": ["willAppear": "appearing"],
            "appearing": ["didAppear": "shown"],
            "shown": ["willDisappear": "disappearing", "willBeCovered": "covered"],
            "covered": ["wasUncovered": "shown", "willDisappear": "disappearing"],
            "disappearing": ["didDisappear": "off"],
        ]
        for (child, sequence) in hooks {
            var state: String? = "off"
            for hook in sequence { state = state.flatMap { next[$0]?[hook] } }
            #expect(state != nil, "\(child): \(sequence)")
        }
        if style == .cover {
            // A scene never shows two children of one session: unlock shows the one it hid.
            var shown: [String: Set<String>] = [:]
            for (child, sequence) in hooks where child.hasPrefix("main(") && sequence.contains("didAppear") {
                let sessionAndScene = String(child.prefix { $0 != "#" })
                shown[sessionAndScene, default: []].insert(child)
            }
            for (key, children) in shown {
                #expect(children.count == 1, "\(key) showed \(children.sorted())")
            }
        } else {
            // Nothing of a session is kept once a teardown lock has shown its lock screen.
            await flow!.login("last")
            #expect(await flow!.lock() == .completed)
            #expect(await eventually { !tracker.alive.contains { $0.hasPrefix("main(") } }, "\(tracker.alive)")
        }
        await flow!.finish()
        flow = nil
        #expect(await tracker.waitUntilReleased(), "alive: \(tracker.alive)")
    }
}
