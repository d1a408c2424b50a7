#if canImport(UIKit) && !os(watchOS) && !os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowUIKit
import Testing
import UIKit

/// The privacy cover and the locks against UIKit itself, in the host app's window scene:
/// what `AppFlowUIKitTests` proves on Linux against the stand-in, asked of real UIKit.
/// A cover hides and keeps the session with its sheet; only the end of a session or a
/// change of account dismisses the sheet.
@Suite(
    .enabled(if: await HostApp.runsHostedTests, "needs the host app of .ci/host-app"),
    .timeLimit(.minutes(1))
)
@MainActor
struct HostedCoverTests {
    /// Expects `cover` in front of everything of the session, in a window above the
    /// session's, taking its touches, with the session and its sheet under it, untouched
    /// and hidden from VoiceOver.
    func expectCovered(
        _ hosted: HostedSession,
        by cover: HostedScreen,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let window = hosted.window
        // In a window of its own, above the session's and key.
        let coverWindow = hosted.coverWindow
        #expect(cover.view.window === coverWindow && coverWindow?.isKeyWindow == true, sourceLocation: sourceLocation)
        let center = CGPoint(x: window.bounds.width / 2, y: window.bounds.height / 2)
        let touched = coverWindow?.hitTest(center, with: nil)
        #expect(
            touched?.isDescendant(of: cover.view) == true,
            "the cover takes the touch",
            sourceLocation: sourceLocation
        )
        #expect(
            cover.view.accessibilityViewIsModal && window.accessibilityElementsHidden,
            sourceLocation: sourceLocation
        )
        #expect(hosted.session.presentedViewController === hosted.sheet, sourceLocation: sourceLocation)
        #expect(hosted.sheet.view.window === window, sourceLocation: sourceLocation)
        #expect(
            hosted.session.view.accessibilityElementsHidden && hosted.sheet.view.accessibilityElementsHidden,
            sourceLocation: sourceLocation
        )
        #expect(hosted.session.appearances == ["appeared"], "covered, not gone", sourceLocation: sourceLocation)
        #expect(hosted.sheet.appearances == ["appeared"], "covered, not gone", sourceLocation: sourceLocation)
    }

    /// Expects the session back as it was: its sheet still presented, in front, and
    /// visible to VoiceOver.
    func expectUncovered(_ hosted: HostedSession, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            hosted.coverWindow == nil && hosted.host.children.first === hosted.session,
            sourceLocation: sourceLocation
        )
        #expect(hosted.window.isKeyWindow && !hosted.window.accessibilityElementsHidden, sourceLocation: sourceLocation)
        #expect(hosted.session.presentedViewController === hosted.sheet, sourceLocation: sourceLocation)
        #expect(!hosted.sheet.view.accessibilityElementsHidden, sourceLocation: sourceLocation)
        #expect(hosted.sheet.appearances == ["appeared"], sourceLocation: sourceLocation)
    }

    /// Expects the session gone: its sheet dismissed, its child out of the window.
    func expectEnded(_ hosted: HostedSession, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(hosted.session.presentedViewController == nil, sourceLocation: sourceLocation)
        #expect(hosted.sheet.appearances == ["appeared", "disappeared"], sourceLocation: sourceLocation)
        #expect(hosted.session.parent == nil && hosted.session.view.window == nil, sourceLocation: sourceLocation)
        #expect(hosted.session.appearances == ["appeared", "disappeared"], sourceLocation: sourceLocation)
    }

    @Test func uikitShowsTheSessionWithOneAppearanceAndItsSheetInTheSameWindow() async throws {
        let hosted = try await HostedSession()
        #expect(await eventually { hosted.session.appearances == ["appeared"] })
        #expect(await eventually { hosted.sheet.appearances == ["appeared"] })
        await hosted.close()
    }

    @Test func aPrivacyCoverKeepsTheSessionsSheetUnderItAndTheUncoverShowsItAsItWas() async throws {
        let hosted = try await HostedSession()
        #expect(await hosted.host.flow.cover() == .completed)
        let cover = try #require(hosted.cover)
        #expect(cover.name == "cover")
        #expect(await eventually { cover.appearances == ["appeared"] })
        expectCovered(hosted, by: cover)

        #expect(await hosted.host.flow.uncover() == .completed)
        expectUncovered(hosted)
        #expect(cover.view.window == nil && cover.appearances == ["appeared", "disappeared"])
        await hosted.close()
    }

    @Test func whatTheCoveredSessionPresentsStaysUnderTheCoverAndWhatTheCoverPresentsGoesAboveIt() async throws {
        let hosted = try await HostedSession()
        #expect(await hosted.host.flow.cover() == .completed)
        let cover = try #require(hosted.cover)

        let alert = HostedScreen("alert")
        await hosted.sheet.presentAndWait(alert)
        #expect(alert.view.window === hosted.window)
        expectCovered(hosted, by: cover)

        let prompt = HostedScreen("prompt")
        await cover.presentAndWait(prompt)
        #expect(prompt.view.window === hosted.coverWindow)

        #expect(await hosted.host.flow.uncover() == .completed)
        #expect(prompt.presentingViewController == nil && hosted.sheet.presentedViewController === alert)
        #expect(hosted.coverWindow == nil && alert.view.window === hosted.window)
        await hosted.close()
    }

    @Test func aLockOfTheCoverStyleKeepsTheSessionsSheetAndTheUnlockShowsItAsItWas() async throws {
        let hosted = try await HostedSession()
        #expect(await hosted.host.flow.lock(.cover) == .completed)
        let lock = try #require(hosted.cover)
        #expect(lock.name == "lock")
        expectCovered(hosted, by: lock)

        #expect(await hosted.host.flow.unlock() == .completed)
        expectUncovered(hosted)
        await hosted.close()
    }

    @Test func aLogoutUnderTheCoverDismissesTheSessionsSheetAndEndsItsChild() async throws {
        let hosted = try await HostedSession()
        #expect(await hosted.host.flow.cover() == .completed)
        #expect(await hosted.host.logout() == .completed)
        expectEnded(hosted)
        await hosted.close()
    }

    @Test func aTeardownLockDismissesTheSessionsSheetAndEndsItsChild() async throws {
        let hosted = try await HostedSession()
        #expect(await hosted.host.flow.lock(.teardown) == .completed)
        expectEnded(hosted)
        await hosted.close()
    }

    @Test func aSwitchOfAccountDismissesTheSessionsSheetAndEndsItsChild() async throws {
        let hosted = try await HostedSession()
        #expect(await hosted.host.login("bob") == .completed)
        expectEnded(hosted)
        await hosted.close()
    }
}
#endif
