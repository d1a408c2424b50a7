// Scenes: one `AuthFlow`'s session shown in several windows, each an `AuthScene` with its
// own container, stage and children.

extension AuthFlow {
    /// Attaches a scene: a window that connected, with its own container showing on
    /// `stage`. Call it from `scene(_:willConnectTo:options:)`.
    ///
    /// **Ordering.** The scene takes its place before this returns: every call made after
    /// it runs in it. A call made before it is met where it goes: if one is on its way, the
    /// scene joins it at its destination, without animation; otherwise the scene is placed,
    /// without animation, where the flow is (a logged-in scene gets the session's child
    /// built for it, never the splash or a logged-out child). Until then it shows
    /// `placeholder` (a launch screen); before the first call it shows it until `start()`.
    /// ``AuthScene/placed()`` waits for that placement.
    ///
    /// **After ``finish()``.** The scene shows `placeholder`, and calls return
    /// ``AuthResult/cancelled``.
    public func attachScene(placeholder: Child, stage: (any FlowStage<Screen>)? = nil) -> AuthScene<Provider> {
        let id = decide { $0.reserveScene() }
        let scene = Self.makeScene(id, splash: placeholder, stage: stage, configuration: configuration, clock: clock)
        traceTransitions(of: scene)
        // The feeds subscribe to the scene's container before it is attached, outside the
        // flow's lock (the container's broadcaster has a lock of its own); feeds added
        // meanwhile subscribe too before the attach is taken.
        var sources: [ObjectIdentifier: (feed: EventFeed, source: AsyncStream<FlowEvent<Screen>>)] = [:]
        var current = core.withLock { $0.feeds.all }
        while true {
            for feed in current.feeds where sources[ObjectIdentifier(feed)] == nil {
                sources[ObjectIdentifier(feed)] = (feed, feed.subscribe(to: scene.container))
            }
            switch core.withLock({ $0.attach(id, scene, feedsAdded: current.added) }) {
            case .retry(let feeds):
                current = feeds
                continue
            case .attached(let action, let forwardsFeeds):
                for (feed, source) in sources.values {
                    if forwardsFeeds { feed.forward(source, of: id) } else { feed.discard(source) }
                }
                if case .wait = action { return scene }
                scene.placing(Task.explorable("scene arrival") { await self.arrive(scene, action) })
                return scene
            }
        }
    }

    /// Performs a scene's arrival: joins the call on its way (and, if that call ended
    /// before the scene's request reached it, goes where the flow is), or is placed.
    private func arrive(_ scene: AuthScene<Provider>, _ action: Machine.AttachAction) async {
        var next: Machine.AttachAction? = action
        while let action = next {
            next = nil
            switch action {
            case .wait:
                return
            case .join(_, let stamp, let call, let route):
                let result = await switchTo(stamp, call, route, in: scene, animation: .immediate)
                await reportShown(stamp, in: CollectionOfOne(scene))
                next = decide { $0.rejoin(scene.id, after: stamp, result: result) }
            case .place(_, let stamp, let place, let epoch, let origin):
                await self.place(scene, at: place, epoch: epoch, origin: origin, while: stamp)
            }
        }
    }

    /// Detaches `scene` (its window closed): calls no longer run in it, and its container
    /// finishes, so its children get balanced disappear hooks and are released. The session
    /// goes on in the other scenes; detaching the last one does not log out.
    ///
    /// **Ordering.** A call running in the scene is cut short there, and its result counts
    /// the other scenes only; a factory building its child there has its task cancelled
    /// (the container drops what it returns), and the other scenes' factories go on.
    /// Returns once the container has finished. **Cancellation.** Cancelling the caller
    /// does not shorten it. Detaching a scene twice, or after
    /// ``finish()``, waits for the same end.
    public func detach(_ scene: AuthScene<Provider>) async {
        let (intentAction, cancelBuilds) = core.withLock { $0.detach(scene.id) }
        for build in cancelBuilds { build.cancel() }
        performIntents(intentAction)
        await scene.container.finish()
        await scene.releaseCovered()?.disappear()
        services?.sceneGone(scene.id)
    }

    /// The scenes attached now, in the order they were attached.
    public var scenes: [AuthScene<Provider>] {
        core.withLock { $0.calls.scenes.map { $0.scene } }
    }

    /// A scene's container, showing `splash` until its first transition.
    /// Records `scene`'s transitions, if the flow has a tracer.
    func traceTransitions(of scene: AuthScene<Provider>) {
        guard let tracer else { return }
        scene.container.traceTransitions(into: tracer, track: "\(scene.id)") { "\($0.place)" }
    }

    static func makeScene(
        _ id: AuthSceneID,
        splash: Child,
        stage: (any FlowStage<Screen>)?,
        configuration: AuthFlowConfiguration,
        clock: any Clock<Duration>
    ) -> AuthScene<Provider> {
        let container = FlowContainer(
            initial: Screen(place: .splash, child: splash, call: nil),
            animation: configuration.loginAnimation,
            policy: configuration.policy,
            stage: stage,
            clock: clock
        )
        return AuthScene(id: id, container: container)
    }

    /// Places a scene attached mid-session at `place`, without animation, admitted while
    /// call `stamp` is the newest. The screen is reported by no auth event: no call made it.
    private func place(
        _ scene: AuthScene<Provider>,
        at place: AuthPlace<Session>,
        epoch: UInt64?,
        origin: AuthCall,
        while stamp: Machine.Stamp
    ) async {
        // A placement's factory builds from its start.
        let sceneRun = LockedValue(AuthSceneRunMachine<Machine.Plan>.placing(), role: .leaf)
        _ = await scene.container.cycle(
            animation: .immediate,
            policy: configuration.policy,
            admission: { [self] point, _ in
                // At every point, `overtaken` too: a placement's factory is all build, so a
                // superseded one lets a newer call go first.
                let admitted = decide { $0.admitPlacement(stamp) }
                answered(admitted, at: point, sceneRun)
                return admitted
            },
            to: { [self] in
                // In a task of its own, which a newer call cancels, as a call's factory.
                let build = Task.explorable("child build") { [self] in
                    await makeChild(place, origin, epoch, scene.id, sceneRun)
                }
                if case .cancel(let handle) = core.withLock({ $0.buildStarted(stamp, in: scene.id, build) }) {
                    handle.cancel()
                }
                return screen(place, await build.value, nil, epoch, scene, stamp: nil)
            }
        )
        factoryReturned(sceneRun)
        await reportShown(stamp, in: CollectionOfOne(scene))
    }
}
