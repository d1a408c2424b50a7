// The older forms of AuthFlowProvider's factories, deprecated for the requirements that take
// one context value each (AuthFlowProvider.swift). A provider written against them keeps
// compiling and working: the new requirements' defaults ask them through `DeprecatedForms`,
// and their own defaults chain as they always did.

extension AuthFlowProvider {
    /// The session of ``initialState()``: its session, logged in or locked; `nil` logged
    /// out.
    @available(*, deprecated, message: "implement initialState(), which says where the app starts")
    public func initialSession() async -> Session? {
        if InitialStateDefault.running == ObjectIdentifier(Self.self) {
            // fatalError keeps its message in release builds: this is the app's mistake.
            fatalError("\(Self.self) implements neither initialState() nor initialSession(): implement initialState()")
        }
        switch await initialState() {
        case .loggedIn(let session), .locked(let session): return session
        case .loggedOut: return nil
        }
    }

    /// Calls ``makeLoggedOutChild(for:)``.
    @available(*, deprecated, message: "implement makeLoggedOutChild(_:), told the variant and the scene")
    public func makeLoggedOutChild(for variant: LogoutVariant, in scene: AuthSceneID) async -> Child {
        await makeLoggedOutChild(for: variant)
    }

    /// Calls ``makeLoggedOutChild()``: a provider without variants builds one logged-out child.
    @available(*, deprecated, message: "implement makeLoggedOutChild(_:), told the variant and the scene")
    public func makeLoggedOutChild(for variant: LogoutVariant) async -> Child {
        if LoggedOutDefault.isRunning {
            // fatalError keeps its message in release builds: this is the app's mistake.
            fatalError(
                "\(Self.self) implements none of makeLoggedOutChild(_:), makeLoggedOutChild(for:in:),"
                    + " makeLoggedOutChild(for:) and makeLoggedOutChild(): implement makeLoggedOutChild(_:)"
            )
        }
        return await makeLoggedOutChild()
    }

    /// Calls ``makeLoggedOutChild(for:)`` with ``LogoutVariant/signedOut``, so that a
    /// provider that implements the variant form needs no other.
    @available(*, deprecated, message: "implement makeLoggedOutChild(_:), told the variant and the scene")
    public func makeLoggedOutChild() async -> Child {
        await LoggedOutDefault.$isRunning.withValue(true) {
            await makeLoggedOutChild(for: .signedOut)
        }
    }

    /// Calls ``makeLoggedInChild(for:call:)`` with the context's call.
    @available(*, deprecated, message: "implement makeLoggedInChild(_:), told the session, call, scene and services")
    public func makeLoggedInChild(for session: Session, in context: AuthChildContext<Services>) async -> Child {
        await makeLoggedInChild(for: session, call: context.call)
    }

    /// Calls ``makeLoggedInChild(for:)``.
    @available(*, deprecated, message: "implement makeLoggedInChild(_:), told the session, call, scene and services")
    public func makeLoggedInChild(for session: Session, call: AuthCall) async -> Child {
        await makeLoggedInChild(for: session)
    }

    /// Stops the process with a message: the flow reaches this default only when the
    /// provider implements no form of the logged-in factory.
    @available(*, deprecated, message: "implement makeLoggedInChild(_:), told the session, call, scene and services")
    public func makeLoggedInChild(for session: Session) async -> Child {
        // fatalError keeps its message in release builds: this is the app's mistake.
        fatalError(
            "\(Self.self) implements none of makeLoggedInChild(_:), makeLoggedInChild(for:in:),"
                + " makeLoggedInChild(for:call:) and makeLoggedInChild(for:): implement makeLoggedInChild(_:)"
        )
    }

    /// Calls ``makeSwitchingPlaceholder(in:)``.
    @available(*, deprecated, message: "implement makeLockScreen(_:), told the session and the scene")
    public func makeLockScreen(for session: Session, in scene: AuthSceneID) async -> Child {
        await makeSwitchingPlaceholder(in: scene)
    }

    /// Calls ``makeSwitchingPlaceholder(in:)``.
    @available(*, deprecated, message: "implement makePrivacyCover(_:), told the session and the scene")
    public func makePrivacyCover(for session: Session, in scene: AuthSceneID) async -> Child {
        await makeSwitchingPlaceholder(in: scene)
    }

    /// The ``LogoutVariant/signedOut`` logged-out child, made by ``makeLoggedOutChild(_:)``
    /// for the scene whose placeholder is asked for.
    @available(*, deprecated, message: "implement makeSwitchingPlaceholder(in:), told the scene")
    public func makeSwitchingPlaceholder() async -> Child {
        await makeLoggedOutChild(AuthLoggedOutContext(variant: .signedOut, scene: PlaceholderScene.current))
    }

    /// Does nothing.
    @available(*, deprecated, message: "implement prepareToLeave(_:for:), told the whole departure")
    public func prepareToLeave(_ child: Child, direction: AuthDirection) async {}
}

/// How the new requirements' defaults ask the deprecated forms without a deprecation
/// warning in AppFlow itself: each method of this protocol is witnessed by a deprecated
/// method of `DeprecatedForms`, and a call through the protocol names only the
/// protocol's (not deprecated) requirement.
protocol DeprecatedFormsBridge: Sendable {
    func initialState<P: AuthFlowProvider>(of provider: P) async -> AuthInitialState<P.Session>
    func loggedOutChild<P: AuthFlowProvider>(of provider: P, _ context: AuthLoggedOutContext) async -> P.Child
    func loggedInChild<P: AuthFlowProvider>(
        of provider: P,
        _ context: AuthLoggedInContext<P.Session, P.Services>
    ) async -> P.Child
    func lockScreen<P: AuthFlowProvider>(of provider: P, _ context: AuthCoverContext<P.Session>) async -> P.Child
    func privacyCover<P: AuthFlowProvider>(of provider: P, _ context: AuthCoverContext<P.Session>) async -> P.Child
    func switchingPlaceholder<P: AuthFlowProvider>(of provider: P, _ scene: AuthSceneID) async -> P.Child
    func prepareToLeave<P: AuthFlowProvider>(of provider: P, _ child: P.Child, _ departure: AuthDeparture) async
}

/// The deprecated forms, asked by the defaults of the requirements that replace them.
struct DeprecatedForms: DeprecatedFormsBridge {
    /// The bridge, typed by its protocol so that calls name the requirements.
    static let bridge: some DeprecatedFormsBridge = DeprecatedForms()

    @available(*, deprecated, message: "asks the deprecated initialSession()")
    func initialState<P: AuthFlowProvider>(of provider: P) async -> AuthInitialState<P.Session> {
        await InitialStateDefault.$running.withValue(ObjectIdentifier(P.self)) {
            await provider.initialSession().map { .loggedIn($0) } ?? .loggedOut(.signedOut)
        }
    }

    @available(*, deprecated, message: "asks the deprecated makeLoggedOutChild(for:in:)")
    func loggedOutChild<P: AuthFlowProvider>(of provider: P, _ context: AuthLoggedOutContext) async -> P.Child {
        await provider.makeLoggedOutChild(for: context.variant, in: context.scene)
    }

    @available(*, deprecated, message: "asks the deprecated makeLoggedInChild(for:in:)")
    func loggedInChild<P: AuthFlowProvider>(
        of provider: P,
        _ context: AuthLoggedInContext<P.Session, P.Services>
    ) async -> P.Child {
        let older = AuthChildContext(call: context.call, scene: context.scene, services: context.services)
        return await provider.makeLoggedInChild(for: context.session, in: older)
    }

    @available(*, deprecated, message: "asks the deprecated makeLockScreen(for:in:)")
    func lockScreen<P: AuthFlowProvider>(of provider: P, _ context: AuthCoverContext<P.Session>) async -> P.Child {
        await provider.makeLockScreen(for: context.session, in: context.scene)
    }

    @available(*, deprecated, message: "asks the deprecated makePrivacyCover(for:in:)")
    func privacyCover<P: AuthFlowProvider>(of provider: P, _ context: AuthCoverContext<P.Session>) async -> P.Child {
        await provider.makePrivacyCover(for: context.session, in: context.scene)
    }

    @available(*, deprecated, message: "asks the deprecated makeSwitchingPlaceholder()")
    func switchingPlaceholder<P: AuthFlowProvider>(of provider: P, _ scene: AuthSceneID) async -> P.Child {
        await PlaceholderScene.$current.withValue(scene) { await provider.makeSwitchingPlaceholder() }
    }

    @available(*, deprecated, message: "asks the deprecated prepareToLeave(_:direction:)")
    func prepareToLeave<P: AuthFlowProvider>(of provider: P, _ child: P.Child, _ departure: AuthDeparture) async {
        await provider.prepareToLeave(child, direction: departure.direction)
    }
}

/// The scene whose switching placeholder the deprecated, scene-less
/// ``AuthFlowProvider/makeSwitchingPlaceholder()`` is asked for, so that its default makes
/// the logged-out child of that scene. Scene 0, which no scene has, when app code asks it
/// outside the flow.
enum PlaceholderScene {
    @TaskLocal static var current = AuthSceneID(rawValue: 0)
}

/// Whether the default ``AuthFlowProvider/makeLoggedOutChild()`` is running in this task,
/// so that the other default can tell a provider that implements neither form.
enum LoggedOutDefault {
    @TaskLocal static var isRunning = false
}

/// The provider type whose default ``AuthFlowProvider/initialState()`` is running in this
/// task, so that its default ``AuthFlowProvider/initialSession()`` can tell a provider that
/// implements neither (and another provider's defaults, asked from inside, are not
/// mistaken for it).
enum InitialStateDefault {
    @TaskLocal static var running: ObjectIdentifier?
}

/// What the deprecated ``AuthFlowProvider/makeLoggedInChild(for:in:)`` is told about the
/// child to make; ``AuthLoggedInContext``, which carries the session too, replaces it.
public struct AuthChildContext<Services: Sendable>: Sendable {
    /// The call that asked for the child; for a scene attached mid-session, the call that
    /// brought the flow to its session.
    public let call: AuthCall
    /// The scene the child is for: each scene (window) gets a child of its own.
    public let scene: AuthSceneID
    /// The session's services, made by ``AuthFlowProvider/makeServices(for:)``.
    public let services: Services

    /// A context; ``AuthFlow`` makes these, tests may too.
    public init(call: AuthCall, scene: AuthSceneID, services: Services) {
        self.call = call
        self.scene = scene
        self.services = services
    }
}
