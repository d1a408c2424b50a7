import AppFlow
import Testing

/// A switch over an enum that may grow, written as `Semantics.md` tells apps to write it:
/// every case, then `@unknown default`. CI builds the tests with `-warnings-as-errors`,
/// so this file also proves that such a switch compiles without a warning.
struct EnumsThatGrowTests {
    // The example of Semantics.md, "Enums that grow".
    func describe(_ phase: AuthPhase<String>) -> String {
        switch phase {
        case .splash: return "starting"
        case .loggedOut: return "logged out"
        case .loggedIn(let user): return "logged in as \(user)"
        case .locked(let user): return "locked over \(user)"
        @unknown default: return "a phase this app does not know yet"
        }
    }

    @Test func aSwitchWithAnUnknownDefaultNamesEveryPhaseAndCompilesWithoutAWarning() {
        #expect(describe(.splash) == "starting")
        #expect(describe(.loggedOut) == "logged out")
        #expect(describe(.loggedIn("ann")) == "logged in as ann")
        #expect(describe(.locked("ann")) == "locked over ann")
    }

    @Test func aSwitchWithAnUnknownDefaultOverEveryPublicEnumReachesEachKnownCase() {
        #expect(
            [AuthCall.start, .login, .logout, .refresh, .lock, .unlock, .cover, .uncover].map(AppSwitches.name)
                == ["start", "login", "logout", "refresh", "lock", "unlock", "cover", "uncover"]
        )
        #expect(
            [AuthRequest<String>.start, .login("a"), .logout(), .refresh(), .lock(), .unlock, .cover, .uncover]
                .map(AppSwitches.name)
                == ["start", "login", "logout", "refresh", "lock", "unlock", "cover", "uncover"]
        )
        #expect(
            [AuthResult.completed, .interrupted, .superseded, .rejected, .cancelled, .unchanged].map(AppSwitches.name)
                == ["completed", "interrupted", "superseded", "rejected", "cancelled", "unchanged"]
        )
        #expect(
            [AuthPhase<String>.splash, .loggedOut, .loggedIn("a"), .locked("a")].map(AppSwitches.name)
                == ["splash", "loggedOut", "loggedIn", "locked"]
        )
        #expect(AppSwitches.name(IntentResult.dropped(.sceneGone)) == "dropped(sceneGone)")
        #expect(
            TransitionResult.allCases.map(AppSwitches.name)
                == ["completed", "interrupted", "superseded", "rejected", "cancelled"]
        )
        #expect(
            OverlapPolicy.allCases.map(AppSwitches.name) == ["enqueue", "latestWins", "interrupt", "dropIfBusy"]
        )
        #expect(AnimationCurve.BuiltIn.allCases.map(AppSwitches.name) == ["linear", "easeIn", "easeOut", "easeInOut"])
        #expect([AuthDirection.login, .logout].map(AppSwitches.name) == ["login", "logout"])
    }
}

/// An app's switch over each of AppFlow's public enums, with every case known today. A
/// case added to one of them without a line here is a warning, and CI fails: the addition
/// is noticed, and named in the release notes.
enum AppSwitches {
    static func name(_ call: AuthCall) -> String {
        switch call {
        case .start: "start"
        case .login: "login"
        case .logout: "logout"
        case .refresh: "refresh"
        case .lock: "lock"
        case .unlock: "unlock"
        case .cover: "cover"
        case .uncover: "uncover"
        @unknown default: "a newer call"
        }
    }

    static func name(_ request: AuthRequest<String>) -> String {
        switch request {
        case .start: "start"
        case .login: "login"
        case .logout: "logout"
        case .refresh: "refresh"
        case .lock: "lock"
        case .unlock: "unlock"
        case .cover: "cover"
        case .uncover: "uncover"
        @unknown default: "a newer request"
        }
    }

    static func name(_ result: AuthResult) -> String {
        switch result {
        case .completed: "completed"
        case .interrupted: "interrupted"
        case .superseded: "superseded"
        case .rejected: "rejected"
        case .cancelled: "cancelled"
        case .unchanged: "unchanged"
        @unknown default: "a newer result"
        }
    }

    static func name(_ kind: AuthEvent<String, String>.Kind) -> String {
        switch kind {
        case .willLogin: "willLogin"
        case .didLogin: "didLogin"
        case .willLogout: "willLogout"
        case .didLogout: "didLogout"
        case .willLock: "willLock"
        case .didLock: "didLock"
        @unknown default: "a newer event"
        }
    }

    static func name(_ phase: AuthPhase<String>) -> String {
        switch phase {
        case .splash: "splash"
        case .loggedOut: "loggedOut"
        case .loggedIn: "loggedIn"
        case .locked: "locked"
        @unknown default: "a newer phase"
        }
    }

    static func name(_ state: AuthInitialState<String>) -> String {
        switch state {
        case .loggedIn: "loggedIn"
        case .loggedOut: "loggedOut"
        case .locked: "locked"
        @unknown default: "a newer initial state"
        }
    }

    static func name(_ style: AuthLockStyle) -> String {
        switch style {
        case .cover: "cover"
        case .teardown: "teardown"
        @unknown default: "a newer style"
        }
    }

    static func name(_ result: IntentResult) -> String {
        switch result {
        case .delivered: "delivered"
        case .dropped(let reason): "dropped(\(name(reason)))"
        @unknown default: "a newer intent result"
        }
    }

    static func name(_ reason: IntentDropReason) -> String {
        switch reason {
        case .loggedOut: "loggedOut"
        case .expired: "expired"
        case .sessionMismatch: "sessionMismatch"
        case .displaced: "displaced"
        case .finished: "finished"
        case .cancelled: "cancelled"
        case .sceneGone: "sceneGone"
        @unknown default: "a newer reason"
        }
    }

    static func name(_ event: FlowEvent<String>) -> String {
        switch event {
        case .willTransition: "willTransition"
        case .progress: "progress"
        case .didTransition: "didTransition"
        @unknown default: "a newer event"
        }
    }

    static func name(_ result: TransitionResult) -> String {
        switch result {
        case .completed: "completed"
        case .interrupted: "interrupted"
        case .superseded: "superseded"
        case .rejected: "rejected"
        case .cancelled: "cancelled"
        @unknown default: "a newer result"
        }
    }

    static func name(_ interruption: TransitionInterruption) -> String {
        switch interruption {
        case .overlap: "overlap"
        case .finish: "finish"
        case .watchdog: "watchdog"
        case .failed: "failed"
        @unknown default: "a newer interruption"
        }
    }

    static func name(_ policy: OverlapPolicy) -> String {
        switch policy {
        case .enqueue: "enqueue"
        case .latestWins: "latestWins"
        case .interrupt: "interrupt"
        case .dropIfBusy: "dropIfBusy"
        @unknown default: "a newer policy"
        }
    }

    static func name(_ check: FlowAdmissionCheck) -> String {
        switch check {
        case .arrival: "arrival"
        case .start: "start"
        @unknown default: "a newer check"
        }
    }

    static func name(_ result: HopResult<Int>) -> String {
        switch result {
        case .returned: "returned"
        case .replaced: "replaced"
        case .notShown: "notShown"
        case .cancelled: "cancelled"
        @unknown default: "a newer hop result"
        }
    }

    static func name(_ kind: TransitionAnimation.Kind) -> String {
        switch kind {
        case .immediate: "immediate"
        case .fade: "fade"
        case .slide: "slide"
        case .crossDissolve: "crossDissolve"
        case .custom: "custom"
        @unknown default: "a newer animation"
        }
    }

    static func name(_ effect: FlowViewAnimation.Effect) -> String {
        switch effect {
        case .identity: "identity"
        case .opacity: "opacity"
        case .move: "move"
        @unknown default: "a newer effect"
        }
    }

    static func name(_ curve: AnimationCurve.BuiltIn) -> String {
        switch curve {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInOut: "easeInOut"
        @unknown default: "a newer curve"
        }
    }

    static func name(_ work: FlowTraceWork) -> String {
        switch work {
        case .child: "child"
        case .preparation: "preparation"
        @unknown default: "newer work"
        }
    }

    static func name(_ event: FlowTraceEvent) -> String {
        switch event {
        case .callBegan: "callBegan"
        case .admission: "admission"
        case .workBegan: "workBegan"
        case .workEnded: "workEnded"
        case .callEnded: "callEnded"
        case .transitionBegan: "transitionBegan"
        case .frame: "frame"
        case .transitionEnded: "transitionEnded"
        case .intentOpened: "intentOpened"
        case .intentDelivering: "intentDelivering"
        case .intentEnded: "intentEnded"
        case .scheduleStep: "scheduleStep"
        @unknown default: "a newer trace event"
        }
    }

    /// Complete by definition, so switched over without `@unknown default`.
    static func name(_ direction: AuthDirection) -> String {
        switch direction {
        case .login: "login"
        case .logout: "logout"
        }
    }

    /// Complete by definition, so switched over without `@unknown default`.
    static func name(_ edge: TransitionAnimation.SlideEdge) -> String {
        switch edge {
        case .leading: "leading"
        case .trailing: "trailing"
        case .top: "top"
        case .bottom: "bottom"
        }
    }
}
