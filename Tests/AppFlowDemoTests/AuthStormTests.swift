import AppFlow
import AppFlowDemo
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// Shorthands for made-up observation sequences.
private func login(_ call: Int, batch: Int) -> AuthObservation { .calling(call: call, batch: batch, kind: .login) }
private func logout(_ call: Int, batch: Int) -> AuthObservation { .calling(call: call, batch: batch, kind: .logout) }
private func u(_ call: Int) -> DemoSession { DemoSession(call: call) }
private func id(_ raw: UInt64) -> TransitionID { TransitionID(rawValue: raw) }

/// The bounds of the storm suites, as `LockStormTests` says: the act's 3,000 calls last
/// about as long as the whole suite on a loaded machine (24 s of a 49 s run beside a busy
/// core).
@Suite(.timeLimit(.minutes(2)), .endsWithin(.seconds(100)))
struct AuthStormTests {
    @Test(
        arguments: [
            // A login called before a logout, shown after the logout returned: a breach.
            (
                [
                    login(0, batch: 0), logout(1, batch: 1), .returned(call: 1, result: .completed),
                    .shown(id(3), session: u(0)),
                ],
                [LogoutGuaranteeChecker.Violation.shown(u(0), afterLogout: 1)]
            ),
            // Shown before the logout returned: the logout came after it, as it should.
            (
                [
                    login(0, batch: 0), logout(1, batch: 1), .shown(id(3), session: u(0)),
                    .returned(call: 1, result: .completed),
                ],
                []
            ),
            // A beaten login's factory may finish after the logout returned: building is no
            // breach, its child is dropped unseen.
            ([login(0, batch: 0), logout(1, batch: 1), .returned(call: 1, result: .completed), .built(u(0))], []),
            // A cancelled logout guarantees nothing about what was already on its way.
            (
                [
                    login(0, batch: 0), logout(1, batch: 1), .returned(call: 1, result: .cancelled),
                    .shown(id(3), session: u(0)),
                ],
                []
            ),
            // An unchanged logout still guards.
            (
                [
                    login(0, batch: 0), logout(1, batch: 1), .returned(call: 1, result: .unchanged),
                    .shown(id(3), session: u(0)),
                ],
                [.shown(u(0), afterLogout: 1)]
            ),
            // A login called after the logout does not lift the bar on the ones before it.
            (
                [
                    login(0, batch: 0), logout(1, batch: 1), .returned(call: 1, result: .completed), login(2, batch: 2),
                    .shown(id(3), session: u(0)), .shown(id(4), session: u(2)),
                ],
                [.shown(u(0), afterLogout: 1)]
            ),
            // A logout superseded by a later login still bars the logins before it.
            (
                [
                    login(0, batch: 0), logout(1, batch: 1), login(2, batch: 2),
                    .returned(call: 1, result: .superseded),
                    .shown(id(5), session: u(0)), .shown(id(6), session: u(2)),
                ],
                [.shown(u(0), afterLogout: 1)]
            ),
            // The bar of the newest returned logout covers every batch before it.
            (
                [
                    login(0, batch: 0), logout(1, batch: 1), login(2, batch: 2), logout(3, batch: 3),
                    .returned(call: 3, result: .completed), .returned(call: 1, result: .superseded),
                    .shown(id(7), session: u(2)),
                ],
                [.shown(u(2), afterLogout: 3)]
            ),
            // A start() restoring a session is ordered like a login.
            (
                [
                    .calling(call: 0, batch: 0, kind: .start), logout(1, batch: 1),
                    .returned(call: 1, result: .completed), .shown(id(3), session: u(0)),
                ],
                [.shown(u(0), afterLogout: 1)]
            ),
            // Shown and announced after the logout returned: both are breaches.
            (
                [
                    login(0, batch: 0), logout(1, batch: 1), .returned(call: 1, result: .completed),
                    .shown(id(4), session: u(0)), .announced(.willLogin, session: u(0), transition: id(4)),
                    .announced(.didLogin, session: u(0), transition: id(4)),
                ],
                [.shown(u(0), afterLogout: 1), .announced(u(0), afterLogout: 1)]
            ),
            // An announcement received before its mount is judged once the mount is seen.
            (
                [
                    login(0, batch: 0), .announced(.willLogin, session: u(0), transition: id(2)),
                    .shown(id(2), session: u(0)), logout(1, batch: 1), .returned(call: 1, result: .completed),
                ],
                []
            ),
            // An announcement that does not match what the stage showed.
            (
                [
                    login(0, batch: 0), login(1, batch: 0), .shown(id(2), session: u(0)),
                    .announced(.willLogin, session: u(1), transition: id(2)),
                ],
                [.announcedButNotShown(u(1), id(2))]
            ),
            // An announcement whose transition was never shown.
            (
                [login(0, batch: 0), .announced(.willLogin, session: u(0), transition: id(9))],
                [.announcedButNotShown(u(0), id(9))]
            ),
            // Logging out is never a breach.
            (
                [
                    login(0, batch: 0), logout(1, batch: 1), .returned(call: 1, result: .completed),
                    .shown(id(3), session: nil), .announced(.willLogout, session: nil, transition: id(3)),
                ],
                []
            ),
        ] as [([AuthObservation], [LogoutGuaranteeChecker.Violation])]
    )
    func theCheckerFlagsALoginCalledBeforeAReturnedLogoutAndNothingElse(
        observations: [AuthObservation],
        expected: [LogoutGuaranteeChecker.Violation]
    ) {
        var checker = LogoutGuaranteeChecker()
        for observation in observations { checker.observe(observation) }
        checker.finish(finalPhase: .loggedOut)
        #expect(checker.violations == expected)
        #expect(checker.holds == expected.isEmpty)
    }

    @Test(arguments: [
        (AuthCallKind.logout, AuthPhase<DemoSession>.loggedOut, true),
        (.logout, .loggedIn(u(0)), false),
        (.login, .loggedIn(u(1)), true),  // a login of the last batch
        (.login, .loggedIn(u(0)), false),  // a login of an earlier batch
        (.login, .loggedOut, false),
    ])
    func theFinalPhaseMustBeTheLastBatchsDirection(lastKind: AuthCallKind, phase: AuthPhase<DemoSession>, ok: Bool) {
        var checker = LogoutGuaranteeChecker()
        checker.observe(login(0, batch: 0))
        checker.observe(.calling(call: 1, batch: 1, kind: lastKind))
        checker.finish(finalPhase: phase)
        #expect((checker.finalPhaseProblem == nil) == ok, "\(checker.finalPhaseProblem ?? "")")
    }

    @Test func theSeedFixesThePlanAndEachBatchHasOneDirection() {
        let plan = AuthStormAct.plan(tasks: 3_000, seed: 42, fast: false)
        #expect(plan == AuthStormAct.plan(tasks: 3_000, seed: 42, fast: false))
        #expect(plan != AuthStormAct.plan(tasks: 3_000, seed: 43, fast: false))
        #expect(plan.flatMap(\.calls).map(\.index) == Array(0..<3_000))
        #expect(plan.allSatisfy { batch in Set(batch.calls.map(\.kind.isLogin)).count == 1 })
        #expect(plan.map(\.offset) == plan.map(\.offset).sorted())
        #expect(plan.allSatisfy { $0.offset < .milliseconds(1_500) && $0.calls.count <= 40 })
        #expect(plan.last!.calls.allSatisfy { !$0.cancel })
        let kinds = Set(plan.flatMap(\.calls).map(\.kind))
        #expect(kinds == [.start, .login, .logout])
        #expect(AuthStormAct.plan(tasks: 500, seed: 1, fast: true).allSatisfy { $0.offset == .zero })
    }

    @Test func theAuthFlowActHoldsTheLogoutGuaranteeInFastMode() async {
        let report = await AuthStormAct.run(options: .fast(authTasks: 3_000))
        #expect(report.passed, "\(report.checks.filter { !$0.passed }.map(\.name)) \(report.checker.violations)")
        #expect(report.checker.calls == 3_000)
        #expect(report.checker.returned == 3_000)
        #expect(report.checker.built > 0)
        #expect(report.checker.shown > 0)
    }

    @Test func aViolationFailsTheReportAndSoTheExitStatus() {
        var checker = LogoutGuaranteeChecker()
        for observation in [login(0, batch: 0), logout(1, batch: 1), .returned(call: 1, result: .completed)] {
            checker.observe(observation)
        }
        checker.observe(.returned(call: 0, result: .superseded))
        var options = DemoOptions()
        options.authTasks = 2
        func report(_ checker: LogoutGuaranteeChecker) -> AuthStormReport {
            var finished = checker
            finished.finish(finalPhase: .loggedOut)
            return AuthStormReport(
                options: options,
                batches: 2,
                checker: finished,
                finalPhase: .loggedOut,
                orderKnown: true,
                maxInFlight: 1,
                elapsed: .seconds(1)
            )
        }
        #expect(report(checker).passed)
        checker.observe(.shown(id(3), session: u(0)))
        let failing = report(checker)
        #expect(!failing.passed)
        #expect(failing.render(console: Console(isTerminal: false, useColor: false) { _ in }).contains("FAIL"))
    }
}
