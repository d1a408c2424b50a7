import AppFlow
import AppFlowTesting

/// The containers of a flow's scenes, by scene and without keeping them, so that a
/// provider can look at what a scene shows when it gets an intent.
final class SceneBook: Sendable {
    typealias Container = FlowContainer<AuthScreen<String, Screen>>

    private struct Entry: Sendable {
        weak var container: Container?
    }

    private let containers = LockedValue<[AuthSceneID: Entry]>([:])

    func add(_ scene: AuthScene<IntentAuthProvider>) {
        containers.withLock { $0[scene.id] = Entry(container: scene.container) }
    }

    func container(_ scene: AuthSceneID) -> Container? {
        containers.withLock { $0[scene]?.container }
    }
}

/// A provider whose intents are strings, with a lock screen of its own. Each child is
/// numbered in build order, and logs its hooks in `log`; each delivery logs "deliver <intent> → <child>" there too, and
/// records in `offScreen` any delivery whose child was not the one its scene showed, settled.
struct IntentAuthProvider: AuthFlowProvider {
    typealias Intent = String

    /// Children's hooks and deliveries, in order.
    let log = Log<String>()
    /// Deliveries whose child was not on screen, or whose scene was in a transition.
    let offScreen = Log<String>()
    /// The intents delivered, as "intent → child".
    let deliveries = Log<String>()
    /// The intents delivered, with the child and the scene that got each.
    let received = Log<Received>()
    let scenes = SceneBook()
    private let built = LockedValue(0)
    var session: String? = nil
    /// Holds `initialSession()`: a session being restored.
    let restoring = GateSlot()
    /// Holds the logged-in factories.
    let logins = GateSlot()
    /// Holds the logged-out factories.
    let logouts = GateSlot()
    /// Holds the deliveries, after each is logged.
    let delivering = GateSlot()
    /// Holds the lock screens' factories.
    let lockScreens = GateSlot()
    /// Holds the privacy covers' factories.
    let covers = GateSlot()
    /// Tracks every child built.
    var tracker: ReleaseTracker? = nil
    /// Whether a delivery checks that its child is on screen (off in storms, where a call
    /// may legitimately start right after a delivery began).
    var checksScreen = true
    /// Runs in each `isSameAccount(_:as:)`, with its two sessions, before it answers. A leaf
    /// lock: the intents' machine asks under the flow's.
    let accountAsked = LockedValue<(@Sendable (String, String) -> Void)?>(nil, role: .leaf)
    /// Runs in each delivery, after it is logged: a handler that makes calls itself.
    var onDelivery: (@Sendable (String) async -> Void)? = nil
    var configuration = AuthFlowConfiguration(loginAnimation: .immediate, logoutAnimation: .immediate)

    /// Whether a restored session starts locked (a vault timeout at launch).
    var locksAtLaunch = false

    func initialSession() async -> String? {
        await restoring.pass()
        return session
    }

    func initialState() async -> AuthInitialState<String> {
        guard let session = await initialSession() else { return .loggedOut(.signedOut) }
        return locksAtLaunch ? .locked(session) : .loggedIn(session)
    }

    func makeLoggedOutChild(for variant: LogoutVariant) async -> Screen {
        await logouts.pass()
        return make("loggedOut")
    }

    func makeLoggedInChild(for session: String) async -> Screen {
        await logins.pass()
        return make("main(\(session))")
    }

    func makeLoggedInChild(for session: String, in context: AuthChildContext<Void>) async -> Screen {
        await logins.pass()
        return make("main(\(session))@\(context.scene.rawValue)")
    }

    /// Sessions are account names with an optional version: "ada" and "ada-v2" are one
    /// account (a renewed token).
    func isSameAccount(_ session: String, as other: String) -> Bool {
        if let hook = accountAsked.withLock({ $0 }) { hook(session, other) }
        return session.split(separator: "-").first == other.split(separator: "-").first
    }

    func makeLockScreen(for session: String, in scene: AuthSceneID) async -> Screen {
        await lockScreens.pass()
        return make("lock(\(session))@\(scene.rawValue)")
    }

    func makePrivacyCover(for session: String, in scene: AuthSceneID) async -> Screen {
        await covers.pass()
        return make("cover(\(session))@\(scene.rawValue)")
    }

    func handle(_ intent: String, in child: Screen, context: AuthIntentContext<String>) async {
        if checksScreen, let container = scenes.container(context.scene) {
            let shown = await container.child.child
            if await container.isTransitioning || shown !== child { offScreen.append(intent) }
        }
        log.append("deliver \(intent) → \(child.name)")
        deliveries.append("\(intent) → \(child.name)")
        received.append(Received(intent: intent, child: child.name, scene: context.scene.rawValue))
        await delivering.pass()
        await onDelivery?(intent)
    }

    private func make(_ name: String) -> Screen {
        let number = built.withLock { count in
            count += 1
            return count
        }
        let screen = Screen("\(name)#\(number)", calls: log)
        tracker?.track(screen, as: screen.name)
        return screen
    }
}

/// One delivery, as the provider received it.
struct Received: Sendable, Equatable {
    let intent: String
    let child: String
    let scene: UInt64
}

/// A gate a test can put in a factory's way at any moment, and take away again: the
/// factories that pass the slot meanwhile wait at it.
final class GateSlot: Sendable {
    private let gate = LockedValue<Gate?>(nil)

    /// Puts a new closed gate in the slot and returns it.
    @discardableResult
    func hold() -> Gate {
        let held = Gate()
        gate.withLock { $0 = held }
        return held
    }

    /// Opens the gate in the slot, if any, and empties the slot.
    func release() {
        gate.withLock { gate in
            defer { gate = nil }
            return gate
        }?.open()
    }

    /// How many tasks wait at the gate in the slot.
    var waitingCount: Int { gate.withLock { $0 }?.waitingCount ?? 0 }

    /// Passes the gate in the slot, if any.
    func pass() async {
        await gate.withLock { $0 }?.pass()
    }
}
