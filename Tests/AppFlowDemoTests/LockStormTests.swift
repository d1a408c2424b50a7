import AppFlow
import AppFlowDemo
import AppFlowTestingTraits
import Testing

/// Act 4 and its checker: a session mount after a lock returned is a violation unless an
/// unlock or a login was placed after that lock.
///
/// The bounds of the storm suites (`DemoTests`, `LeakStormTests`): the act's 2,000 calls
/// yield to the other tests' jobs between calls, so on a loaded machine it lasts about as
/// long as the whole suite (36 s of a 49 s run beside a busy core; 1.4 s alone under
/// ThreadSanitizer).
@Suite(.timeLimit(.minutes(2)), .endsWithin(.seconds(100)))
struct LockStormTests {
    /// One observation, in the order it happened: a call about to be placed (with its place
    /// in the act's order), a lock that returned, a session mounted.
    enum Observation: Sendable, CustomTestStringConvertible {
        case placing(LockGuardChecker.Call, Int)
        case lockReturned(Int)
        case mount

        var testDescription: String {
            switch self {
            case .placing(let call, let index): return "\(call)#\(index)"
            case .lockReturned(let index): return "lock#\(index) returned"
            case .mount: return "mount"
            }
        }
    }

    @Test(
        arguments: [
            // A mount after a lock returned, nothing placed since: a violation.
            ([.placing(.login, 0), .placing(.lock, 1), .lockReturned(1), .mount], 1),
            // A mount before the lock returned: none (the lock may have been unchanged).
            ([.placing(.login, 0), .placing(.lock, 1), .mount, .lockReturned(1)], 0),
            // An unlock or a login placed after the lock lifts it.
            ([.placing(.lock, 0), .lockReturned(0), .placing(.unlock, 1), .mount], 0),
            ([.placing(.lock, 0), .lockReturned(0), .placing(.login, 1), .mount], 0),
            // A lock returning after an unlock placed after it bars nothing.
            ([.placing(.lock, 0), .placing(.unlock, 1), .lockReturned(0), .mount], 0),
            // An unlock placed before the lock does not lift it; a logout does not either.
            ([.placing(.unlock, 0), .placing(.lock, 1), .lockReturned(1), .mount], 1),
            ([.placing(.lock, 0), .lockReturned(0), .placing(.logout, 1), .mount], 1),
            // A lock that returns once a newer call was placed bars nothing: that call may
            // have superseded it in a scene that lags, where an older transition ends first.
            ([.placing(.login, 0), .placing(.lock, 1), .placing(.lock, 2), .lockReturned(1), .mount], 0),
        ] as [([Observation], Int)]
    )
    func aMountAfterALockReturnedIsAViolationUnlessAnUnlockOrLoginWasPlacedAfterIt(
        _ observations: [Observation],
        _ expected: Int
    ) {
        var checker = LockGuardChecker()
        for observation in observations {
            switch observation {
            case .placing(let call, let index): checker.placing(call, index: index)
            case .lockReturned(let index): checker.lockReturned(index: index)
            case .mount: checker.mountedSession()
            }
        }
        #expect(checker.violations == expected)
    }

    @Test func theLockActHoldsTheLockInvariantInFastMode() async {
        let report = await LockStormAct.run(options: .fast(authTasks: 2_000))
        #expect(report.passed, "\(report.checker.violations) violations")
        #expect(report.checker.calls == 2_000)
        #expect(report.returned == 2_000)
        #expect(report.locks > 0)
        #expect(report.checker.sessionMounts > 0)
    }
}

extension DemoOptions {
    /// Fast mode (immediate animations, no delays) with `authTasks` calls in the auth acts.
    static func fast(authTasks: Int) -> DemoOptions {
        var options = DemoOptions()
        options.fast = true
        options.authTasks = authTasks
        return options
    }
}
