import Foundation
import Testing

@testable import AppFlow

/// What the events part makes of a subscriber's feed, tested synchronously: the auth event
/// each container event of a scene makes (`AuthEventMerge.event(for:)`), as a complete
/// table of every place a screen stands at × every call (and none) × will and did, kept in
/// `AuthEventMergeFeedTable.txt`; and how each kind of feed input reaches the merge
/// (`AuthEventMerge.hear(_:)`). Neither `AuthFlow` nor `AuthScene` maps an event itself.
@Suite struct AuthEventMergeFeedTests {
    typealias Merge = AuthEventMerge<String, String>
    typealias Screen = AuthScreen<String, String>

    /// Every place a screen can stand at.
    static let places: [AuthPlace<String>] = [
        .splash, .loggedOut(.signedOut), .loggedOut(LogoutVariant("expired")), .loggedIn("ada"),
        .switching(from: "ada"), .locked("ada", keepsSession: true), .locked("ada", keepsSession: false),
        .covered("ada"),
    ]
    static let calls: [AuthCall?] = [nil, .start, .login, .logout, .refresh, .lock, .unlock, .cover, .uncover]

    static func screen(_ place: AuthPlace<String>, _ call: AuthCall?, stamp: UInt64? = 5) -> Screen {
        AuthScreen(place: place, child: "to \(place)", call: call, stamp: stamp)
    }

    static func transition(to screen: Screen, id: UInt64 = 9) -> Transition<Screen> {
        Transition(
            id: TransitionID(rawValue: id),
            from: AuthScreen(phase: .splash, child: "from"),
            to: screen,
            animation: .immediate
        )
    }

    /// An event as text: its kind, session, call, variant, whether initial, child and
    /// transition; "none" for no event.
    static func text(_ event: AuthEvent<String, String>?) -> String {
        guard let event else { return "none" }
        var parts = ["\(event.kind)", "session \(event.session ?? "none")", "call \(event.call)"]
        if let variant = event.logoutVariant { parts.append("variant \(variant)") }
        if event.isInitial { parts.append("initial") }
        parts += ["child \(event.child)", "transition \(event.transitionID.rawValue)"]
        return parts.joined(separator: ", ")
    }

    static func lines() -> [String] {
        var lines: [String] = []
        for place in places {
            for call in calls {
                let transition = transition(to: screen(place, call))
                for (name, event) in [
                    ("will", FlowEvent.willTransition(transition)), ("did", .didTransition(transition)),
                ] {
                    let made = Merge.event(for: event)
                    lines.append("\(place) × \(call.map { "\($0)" } ?? "no call") × \(name) → \(text(made))")
                }
            }
        }
        return lines
    }

    static let table = TableFile("AuthEventMergeFeedTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsTheEventEveryPlaceAndCallMakesOnWillAndDid() throws {
        let header = """
            # AuthEventMerge.event(for:): the auth event a scene's container event makes, for a
            # transition to a screen at each place × the call that placed it (or none: a screen
            # the app placed with a hop) × will and did. Checked line for line by
            # AuthEventMergeFeedTests.

            """
        try Self.table.check(Self.lines(), header: header)
    }

    @Test(arguments: places)
    func progressMakesNoEventAtAnyPlace(_ place: AuthPlace<String>) {
        let event = FlowEvent.progress(Self.transition(to: Self.screen(place, .login)), fraction: 0.5)
        #expect(Merge.event(for: event) == nil)
    }

    @Test func theFeedsWillAnnouncesOnlyAScreenACallPlacedAndItsDidEndsIt() {
        var merge = Merge()
        let hop = Self.transition(to: Self.screen(.loggedIn("ada"), nil), id: 1)
        #expect(merge.hear(.event(AuthSceneID(rawValue: 1), .willTransition(hop))).isEmpty)
        let login = Self.transition(to: Self.screen(.loggedIn("ada"), .login, stamp: 5), id: 2)
        let progress = FlowEvent.progress(login, fraction: 0.5)
        #expect(merge.hear(.event(AuthSceneID(rawValue: 1), .willTransition(login))).map(\.kind) == [.willLogin])
        #expect(merge.hear(.event(AuthSceneID(rawValue: 1), progress)).isEmpty)
        #expect(merge.hear(.event(AuthSceneID(rawValue: 2), .willTransition(login))).isEmpty)
        #expect(merge.hear(.event(AuthSceneID(rawValue: 1), .didTransition(hop))).isEmpty)
        #expect(merge.hear(.event(AuthSceneID(rawValue: 1), .didTransition(login))).isEmpty)
        let did = merge.hear(.event(AuthSceneID(rawValue: 2), .didTransition(login)))
        #expect(did.map(\.kind) == [.didLogin])
        #expect(did.first?.transitionID == TransitionID(rawValue: 2))
    }

    @Test func theFeedsSceneEndAndTheFlowsFinishEndTheOpenCallOnce() {
        var merge = Merge()
        let logout = Self.transition(to: Self.screen(.loggedOut(.signedOut), .logout, stamp: 6))
        _ = merge.hear(.event(AuthSceneID(rawValue: 1), .willTransition(logout)))
        _ = merge.hear(.event(AuthSceneID(rawValue: 2), .willTransition(logout)))
        #expect(merge.hear(.sceneEnded(AuthSceneID(rawValue: 1))).isEmpty)
        #expect(merge.hear(.flowFinished).map(\.kind) == [.didLogout])
        #expect(merge.hear(.sceneEnded(AuthSceneID(rawValue: 2))).isEmpty)
        #expect(merge.hear(.event(AuthSceneID(rawValue: 1), .willTransition(logout))).isEmpty)
    }
}
