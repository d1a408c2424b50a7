import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// Lock, unlock, cover, uncover, logout and login from every phase, in both lock styles, in
/// two scenes: the result, the phase each scene shows after, and what became of the
/// session's child each scene showed before.
@Suite(.endsWithin(.seconds(60))) struct LockMatrixTests {
    typealias Flow = AuthFlow<IntentAuthProvider>

    /// Where the flow starts.
    enum Start: String, CaseIterable, Sendable {
        case splash, loggedOut, loggedIn, lockedCover, lockedTeardown, covered
    }

    /// The call made.
    enum Call: String, CaseIterable, Sendable {
        case lockCover, lockTeardown, unlock, cover, uncover, logout, loginSame, loginOther
    }

    /// What became of the session's child shown before (`main(ada)`), if there was one.
    enum Fate: Sendable, Equatable {
        /// On screen.
        case shown
        /// Alive, hidden.
        case kept
        /// Released.
        case released
        /// There was none.
        case none
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let start: Start
        let call: Call
        let result: AuthResult
        let phase: AuthPhase<String>
        let fate: Fate
        var testDescription: String { "\(call.rawValue) from \(start.rawValue)" }
    }

    static func row(
        _ start: Start,
        _ call: Call,
        _ result: AuthResult,
        _ phase: AuthPhase<String>,
        _ fate: Fate
    ) -> Case {
        Case(start: start, call: call, result: result, phase: phase, fate: fate)
    }

    static let ada = AuthPhase<String>.loggedIn("ada")
    static let bob = AuthPhase<String>.loggedIn("bob")
    static let locked = AuthPhase<String>.locked("ada")

    static let cases: [Case] = [
        // Nothing to lock, unlock, cover or uncover before a session: unchanged.
        row(.splash, .lockCover, .unchanged, .splash, .none),
        row(.splash, .lockTeardown, .unchanged, .splash, .none),
        row(.splash, .unlock, .unchanged, .splash, .none),
        row(.splash, .cover, .unchanged, .splash, .none),
        row(.splash, .uncover, .unchanged, .splash, .none),
        row(.splash, .logout, .completed, .loggedOut, .none),
        row(.splash, .loginSame, .completed, ada, .none),
        row(.splash, .loginOther, .completed, bob, .none),
        row(.loggedOut, .lockCover, .unchanged, .loggedOut, .none),
        row(.loggedOut, .lockTeardown, .unchanged, .loggedOut, .none),
        row(.loggedOut, .unlock, .unchanged, .loggedOut, .none),
        row(.loggedOut, .cover, .unchanged, .loggedOut, .none),
        row(.loggedOut, .uncover, .unchanged, .loggedOut, .none),
        row(.loggedOut, .logout, .unchanged, .loggedOut, .none),
        row(.loggedOut, .loginSame, .completed, ada, .none),
        row(.loggedOut, .loginOther, .completed, bob, .none),
        // Logged in: a cover lock or the cover keeps the child, a teardown lock releases it.
        row(.loggedIn, .lockCover, .completed, locked, .kept),
        row(.loggedIn, .lockTeardown, .completed, locked, .released),
        row(.loggedIn, .unlock, .unchanged, ada, .shown),
        row(.loggedIn, .cover, .completed, locked, .kept),
        row(.loggedIn, .uncover, .unchanged, ada, .shown),
        row(.loggedIn, .logout, .completed, .loggedOut, .released),
        row(.loggedIn, .loginSame, .unchanged, ada, .shown),
        row(.loggedIn, .loginOther, .completed, bob, .released),
        // Locked, cover style: only an unlock shows the same child again; a lock stays
        // locked, the cover and uncover change nothing; a login logs in anew.
        row(.lockedCover, .lockCover, .unchanged, locked, .kept),
        row(.lockedCover, .lockTeardown, .unchanged, locked, .kept),
        row(.lockedCover, .unlock, .completed, ada, .shown),
        row(.lockedCover, .cover, .unchanged, locked, .kept),
        row(.lockedCover, .uncover, .unchanged, locked, .kept),
        row(.lockedCover, .logout, .completed, .loggedOut, .released),
        row(.lockedCover, .loginSame, .completed, ada, .released),
        row(.lockedCover, .loginOther, .completed, bob, .released),
        // Locked, teardown style: the child is gone; an unlock builds a new one.
        row(.lockedTeardown, .lockCover, .unchanged, locked, .released),
        row(.lockedTeardown, .lockTeardown, .unchanged, locked, .released),
        row(.lockedTeardown, .unlock, .completed, ada, .released),
        row(.lockedTeardown, .cover, .unchanged, locked, .released),
        row(.lockedTeardown, .uncover, .unchanged, locked, .released),
        row(.lockedTeardown, .logout, .completed, .loggedOut, .released),
        row(.lockedTeardown, .loginSame, .completed, ada, .released),
        row(.lockedTeardown, .loginOther, .completed, bob, .released),
        // Covered: a lock replaces the cover (keeping the child in the cover style); an
        // unlock changes nothing; uncover shows the same child again.
        row(.covered, .lockCover, .completed, locked, .kept),
        row(.covered, .lockTeardown, .completed, locked, .released),
        row(.covered, .unlock, .unchanged, locked, .kept),
        row(.covered, .cover, .unchanged, locked, .kept),
        row(.covered, .uncover, .completed, ada, .shown),
        row(.covered, .logout, .completed, .loggedOut, .released),
        row(.covered, .loginSame, .completed, ada, .released),
        row(.covered, .loginOther, .completed, bob, .released),
    ]

    @Test func theTableHasEveryStartAndEveryCallOnce() {
        let keys = Set(Self.cases.map { "\($0.start) \($0.call)" })
        #expect(keys.count == Self.cases.count)
        #expect(keys.count == Start.allCases.count * Call.allCases.count)
    }

    @Test(arguments: cases)
    func eachCallFromEachPhaseHasItsResultPhaseAndChildsFate(_ row: Case) async {
        let tracker = ReleaseTracker()
        var provider = IntentAuthProvider()
        provider.tracker = tracker
        provider.session = row.start == .loggedOut || row.start == .splash ? nil : "ada"
        let flow = Flow(provider: provider, splash: Screen("splash"))
        // Two scenes: every call reaches both.
        _ = flow.attachScene(placeholder: Screen("launch"))
        if row.start != .splash { await flow.start() }
        var before: [String?] = []
        for scene in flow.scenes {
            before.append(
                row.start == .loggedOut || row.start == .splash ? nil : await scene.container.child.child.name
            )
        }
        switch row.start {
        case .lockedCover: await flow.lock(.cover)
        case .lockedTeardown: await flow.lock(.teardown)
        case .covered: await flow.cover()
        case .splash, .loggedOut, .loggedIn: break
        }
        let result: AuthResult
        switch row.call {
        case .lockCover: result = await flow.lock(.cover)
        case .lockTeardown: result = await flow.lock(.teardown)
        case .unlock: result = await flow.unlock()
        case .cover: result = await flow.cover()
        case .uncover: result = await flow.uncover()
        case .logout: result = await flow.logout()
        case .loginSame: result = await flow.login("ada")
        case .loginOther: result = await flow.login("bob")
        }
        #expect(result == row.result)
        for (scene, before) in zip(flow.scenes, before) {
            #expect(await scene.phase == row.phase)
            let shown = await scene.container.child.child.name
            // Judged against the row, without a wall-clock guess: a child that should be
            // released gets the usual bounded wait, one that should be kept must be alive now.
            switch (before, row.fate) {
            case (let before?, .shown):
                #expect(shown == before, "scene \(scene.id.rawValue): \(before) not shown, \(shown) is")
            case (let before?, .kept):
                #expect(shown != before && tracker.alive.contains(before), "scene \(scene.id.rawValue): \(before)")
            case (let before?, .released):
                #expect(shown != before, "scene \(scene.id.rawValue): \(before) still shown")
                #expect(await eventually { !tracker.alive.contains(before) }, "scene \(scene.id.rawValue): \(before)")
            case (nil, .none):
                break
            default:
                Issue.record("row \(row.testDescription) names a fate for a child that was not there, or none for one")
            }
            if row.phase.session != nil && row.fate != .shown {
                // A session shown anew is a child built for it, in each scene.
                #expect(shown.hasPrefix("main(\(row.phase.session!))@\(scene.id.rawValue)") && shown != before)
            }
        }
        await flow.finish()
    }
}
