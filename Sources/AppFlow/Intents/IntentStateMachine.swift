/// The decisions about an ``AuthFlow``'s intents, as a plain value with no `await` and no
/// side effects: which intents are held, which one is delivered, to which scene's child,
/// and which are dropped and why.
///
/// `AuthFlow` keeps it in its ``AuthCore``, under the flow's one lock: the inputs that
/// depend on call order (a call made, a scene showing the session) are given in the same
/// step as the auth machine's, so that an intent and a call are ordered by the one step
/// each takes. The actions are performed after the lock is released.
///
/// ## Readiness
/// A scene is *ready* once its request for the newest call has returned (its
/// `didTransition` and `flowDidAppear` have run) and it shows a logged-in child of the
/// session the flow is in (``sceneShows(_:session:child:)``; the auth machine decides
/// whether it does). Every call made clears every scene's readiness: from then on, no
/// child shown before it gets an intent.
///
/// ## Delivery
/// One intent is delivered at a time, in the order intents were opened. A delivery decided
/// but not started (``deliveryStarting(_:)``) is taken back by a call made meanwhile (to
/// the head of the held intents; dropped by a logout) or by the detach of its scene: the
/// child it was meant for may be leaving. Each decision has a number of its own
/// (``Delivery/decision``), and only the newest decision starts: a task still holding one
/// taken back, and decided again since, maybe for another child, delivers nothing. The
/// oldest held
/// intent goes to a ready scene: the one it names, else the most recently activated scene
/// (``activated(_:)``), waited for while it has yet to show the newest call's outcome
/// (``sceneShows(_:session:child:)``, ``sceneSettled(_:)``), else the most recently
/// activated ready scene, else the first ready scene in attach order. An intent that
/// names a session is dropped as ``IntentDropReason/sessionMismatch`` when a ready scene
/// shows another account's session: sessions are matched by the provider's
/// ``AuthFlowProvider/isSameAccount(_:as:)``, so an intent that knows only the account
/// reaches a session whose token was renewed since.
///
/// ## Invariants
/// ``invariantViolations()`` checks them; the tables after every row, the fuzzer after
/// every input.
/// 1. At most `capacity` intents are held; their ids increase in open order and are below
///    `nextID`, and the one being delivered is not held. A delivery not started is the
///    newest decision, the only one that may start. (That one not started yet is the one
///    being delivered holds by ``DeliveryStage``.)
/// 2. After ``finish()`` no scene is ready and no delivery is decided, so none is ever
///    taken back then. (That nothing is held then holds by ``Intake``.)
/// 3. The scenes are attached once each, in attach order, and all ready scenes show one
///    session. (That a ready or activated scene is attached, once, and that a ready one is
///    not still to show the newest call's outcome, hold by ``Scene``: each attached scene
///    has one stage and one place in activation order.)
/// 4. Every scene a held intent names is attached, and no two scenes share an activation
///    number, none above the count of activations: ``nextStep()`` finds the most recently
///    activated scene by the highest number, which is then one scene.
/// 5. While nothing is delivered, the oldest held intent can be neither delivered nor
///    dropped as mismatched: the machine never leaves work undone. (The intents behind it
///    wait for it, even those a ready scene could take: delivery keeps open order.)
struct IntentStateMachine<Session: Sendable & Equatable, Intent, Child, Waiter> {
    /// An intent's number, in open order.
    typealias ID = UInt64
    /// A delivery decision's number, in the order the machine decided them: an intent taken
    /// back and decided again gets a new one.
    typealias Decision = UInt64

    /// An intent waiting for a ready child.
    struct Held {
        var id: ID
        var intent: Intent
        /// The session it names, if any.
        var session: Session?
        /// The scene it names, if any.
        var scene: AuthSceneID?
        /// How its opener hears the outcome.
        var waiter: Waiter
    }

    /// A scene showing a settled logged-in child.
    struct Ready {
        var scene: AuthSceneID
        var session: Session
        var child: Child
    }

    /// An intent to hand to a child now.
    struct Delivery {
        var id: ID
        /// This decision's number: the delivery starts with it (``deliveryStarting(_:)``).
        var decision: Decision
        var intent: Intent
        var scene: AuthSceneID
        var session: Session
        var child: Child
    }

    /// What the performer does after an input, in this order: resolve the outcomes, start
    /// the delivery, start the expiry.
    struct Action {
        /// Outcomes to hand to their openers.
        var resolve: [(waiter: Waiter, result: IntentResult)] = []
        /// Deliver this intent, in a task of its own: the machine's reason is that a delivery
        /// once begun finishes, whatever happens to its opener. Nothing else is being
        /// delivered; the task starts it with its decision (``deliveryStarting(_:)``) and
        /// reports ``deliveryEnded(_:)``.
        var deliver: Delivery?
        /// The intent opened is held and the machine has an ``expiry``: drop it as expired
        /// (``expired(_:)``) after this long.
        var expire: (id: ID, after: Duration)?
    }

    /// The most intents held at once.
    let capacity: Int
    /// How long an intent may be held before it expires; `nil`: until it has another
    /// outcome.
    let expiry: Duration?
    /// Whether an intent naming the first session may go to a child of the second.
    let sameAccount: @Sendable (Session, Session) -> Bool
    /// The id the next intent gets.
    private(set) var nextID: ID = 1
    /// Whether the machine takes intents, with those it holds.
    enum Intake {
        /// Intents are taken: these wait, in open order.
        case open([Held])
        /// ``finish()`` was called: nothing is held, and an intent opened is dropped at once.
        case finished
    }

    /// Where the machine stands: open, with the intents it holds, or finished.
    private(set) var intake = Intake.open([])
    /// The intents waiting, in open order; none once finished.
    var held: [Held] {
        if case .open(let held) = intake { held } else { [] }
    }
    /// Whether ``finish()`` was called.
    var isFinished: Bool {
        if case .finished = intake { true } else { false }
    }
    /// Where the one delivery stands. An intent decided for a scene and not yet started
    /// is the one being delivered, by the cases.
    enum DeliveryStage {
        /// Nothing is delivered.
        case idle
        /// This intent goes to this scene; its delivery has not started
        /// (``deliveryStarting(_:)``), so a call made meanwhile, or the scene's detach, takes
        /// it back: the child it was meant for may be leaving.
        case decided(Held, scene: AuthSceneID, decision: Decision)
        /// Intent `id` is being handed to its child in `scene`; `waiter` hears once it
        /// returned (``deliveryEnded(_:)``).
        case started(id: ID, scene: AuthSceneID, waiter: Waiter)
    }

    /// Where the one delivery stands.
    private(set) var delivery = DeliveryStage.idle
    /// How many deliveries the machine decided: each decision's number.
    private(set) var decisions: Decision = 0
    /// The intent being delivered, started or not, with its scene and its opener.
    var delivering: (id: ID, scene: AuthSceneID, waiter: Waiter)? {
        switch delivery {
        case .idle: nil
        case .decided(let held, let scene, _): (held.id, scene, held.waiter)
        case .started(let id, let scene, let waiter): (id, scene, waiter)
        }
    }
    /// The intent being delivered while its delivery has not started.
    var undelivered: Held? {
        guard case .decided(let held, _, _) = delivery else { return nil }
        return held
    }
    /// The number of the decision not yet started, if any: the one ``deliveryStarting(_:)``
    /// starts.
    var decided: Decision? {
        guard case .decided(_, _, let decision) = delivery else { return nil }
        return decision
    }
    /// Where an attached scene stands for intents.
    enum SceneStage {
        /// Attached when the newest call was made, it has yet to show that call's outcome: an
        /// intent that names no scene waits for it while it is the active scene.
        case unsettled
        /// It shows no settled logged-in child of the session the flow is in, or has not
        /// shown one since the newest call.
        case settled
        /// It shows `child`, a settled logged-in child of `session`, placed by the newest
        /// call.
        case ready(session: Session, child: Child)
    }

    /// An attached scene, as the intents see it.
    struct Scene {
        var id: AuthSceneID
        var stage: SceneStage
        /// When the app last activated it, in ``activations``; `nil`: never since attached.
        var activated: UInt64?
    }

    /// The scenes attached, in attach order.
    private(set) var scenes: [Scene] = []
    /// How many times the app activated a scene: each activation's number.
    private(set) var activations: UInt64 = 0
    /// Scenes the app activated, the most recent first.
    var activity: [AuthSceneID] {
        scenes.compactMap { scene in scene.activated.map { (scene.id, $0) } }.sorted { $0.1 > $1.1 }.map { $0.0 }
    }
    /// The scenes attached, in attach order.
    var attached: [AuthSceneID] { scenes.map { $0.id } }
    /// The ready scenes, in attach order.
    var ready: [Ready] {
        scenes.compactMap { scene in
            guard case .ready(let session, let child) = scene.stage else { return nil }
            return Ready(scene: scene.id, session: session, child: child)
        }
    }
    /// The scenes that have yet to show the newest call's outcome.
    var unsettled: Set<AuthSceneID> {
        Set(scenes.filter { $0.stage.isUnsettled }.map { $0.id })
    }
    /// A machine holding at most `capacity` intents (at least one), each for `expiry` at
    /// most (`nil`: no expiry), matching an intent's session to the session shown with
    /// `sameAccount` (the provider's ``AuthFlowProvider/isSameAccount(_:as:)``).
    init(
        capacity: Int,
        expiry: Duration?,
        sameAccount: @escaping @Sendable (Session, Session) -> Bool = { $0 == $1 }
    ) {
        self.capacity = max(1, capacity)
        self.expiry = expiry
        self.sameAccount = sameAccount
    }

    // MARK: - Scenes

    /// Scene `id` is attached.
    mutating func attached(_ id: AuthSceneID) {
        guard !isAttached(id) else { return }
        scenes.insert(Scene(id: id, stage: .settled), at: scenes.firstIndex { $0.id > id } ?? scenes.endIndex)
    }

    /// Scene `id` is detached: it is no longer ready, and intents naming it are dropped.
    mutating func detached(_ id: AuthSceneID) -> Action {
        scenes.removeAll { $0.id == id }
        var action = Action()
        if case .decided(let taken, id, _) = delivery {
            // Decided for this scene, not started: it goes back, or goes with a scene it names.
            delivery = .idle
            takeBack(taken, &action)
        }
        withHeld { held in
            held.removeAll { held in
                guard held.scene == id else { return false }
                action.resolve.append((held.waiter, .dropped(.sceneGone)))
                return true
            }
        }
        advance(&action)
        return action
    }

    /// The app reports that scene `id` became active: intents that name no scene prefer it.
    /// An intent that waited for the scene active before may go now.
    mutating func activated(_ id: AuthSceneID) -> Action {
        var action = Action()
        guard let index = scenes.firstIndex(where: { $0.id == id }) else { return action }
        activations += 1
        scenes[index].activated = activations
        advance(&action)
        return action
    }

    // MARK: - Calls and screens

    /// A call took its place in call order (a logout joining another included): no scene
    /// is ready until it has shown the newest call's outcome. A logout drops every intent
    /// held, all of them opened before it.
    mutating func callMade(isLogout: Bool) -> Action {
        for index in scenes.indices { scenes[index].stage = .unsettled }
        var action = Action()
        // A delivery decided but not started: its child may be leaving now.
        if case .decided(let taken, _, _) = delivery {
            delivery = .idle
            if isLogout {
                action.resolve.append((taken.waiter, .dropped(.loggedOut)))
            } else {
                takeBack(taken, &action)
            }
        }
        if isLogout {
            withHeld { held in
                action.resolve += held.map { ($0.waiter, .dropped(.loggedOut)) }
                held.removeAll()
            }
        }
        return action
    }

    /// Scene `id` has shown the newest call's outcome, and it is no logged-in child of the
    /// session the flow is in: intents stop waiting for it.
    mutating func sceneSettled(_ id: AuthSceneID) -> Action {
        var action = Action()
        guard let index = scenes.firstIndex(where: { $0.id == id }), case .unsettled = scenes[index].stage else {
            return action
        }
        scenes[index].stage = .settled
        advance(&action)
        return action
    }

    /// Scene `id` shows `child`, a settled logged-in child of `session`, the session the
    /// flow is in, with no call made since the one that placed it.
    mutating func sceneShows(_ id: AuthSceneID, session: Session, child: Child) -> Action {
        var action = Action()
        guard !isFinished, let index = scenes.firstIndex(where: { $0.id == id }) else { return action }
        // Ready scenes show one session: those showing another are no longer ready.
        for other in scenes.indices {
            if case .ready(let shown, _) = scenes[other].stage, shown != session { scenes[other].stage = .settled }
        }
        scenes[index].stage = .ready(session: session, child: child)
        advance(&action)
        return action
    }

    // MARK: - Intents

    /// An intent is opened, naming `session` and `scene` if given; `waiter` hears its
    /// outcome. Returns its id (meaningless if the action resolves it at once).
    mutating func open(
        _ intent: Intent,
        session: Session?,
        scene: AuthSceneID?,
        waiter: Waiter
    ) -> (id: ID, action: Action) {
        var action = Action()
        guard case .open = intake else {
            action.resolve.append((waiter, .dropped(.finished)))
            return (0, action)
        }
        if let scene, !isAttached(scene) {
            action.resolve.append((waiter, .dropped(.sceneGone)))
            return (0, action)
        }
        let id = nextID
        nextID += 1
        withHeld { [capacity] held in
            held.append(Held(id: id, intent: intent, session: session, scene: scene, waiter: waiter))
            if held.count > capacity {
                action.resolve.append((held.removeFirst().waiter, .dropped(.displaced)))
            }
        }
        advance(&action)
        if let expiry, held.contains(where: { $0.id == id }) { action.expire = (id, expiry) }
        return (id, action)
    }

    /// The opener of intent `id` withdrew it: dropped as cancelled if still held.
    mutating func withdraw(_ id: ID) -> Action {
        drop(id, .cancelled)
    }

    /// Intent `id`'s expiry came: dropped as expired if still held.
    mutating func expired(_ id: ID) -> Action {
        drop(id, .expired)
    }

    /// The delivery decided as `decision` (``Action/deliver``) is about to hand its intent to
    /// its child; `false` if a call or a detach took it back meanwhile (even if the intent
    /// was decided again since, as a newer decision), or it was withdrawn: then it is not
    /// delivered. Only the newest decision starts, once: a second start answers `false`, so
    /// no intent is handed over twice.
    mutating func deliveryStarting(_ decision: Decision) -> Bool {
        guard case .decided(let held, let scene, decision) = delivery else { return false }
        delivery = .started(id: held.id, scene: scene, waiter: held.waiter)
        return true
    }

    /// The delivery of intent `id` (``Action/deliver``) has returned.
    mutating func deliveryEnded(_ id: ID) -> Action {
        guard case .started(id, let scene, let waiter) = delivery else {
            preconditionFailure("Internal inconsistency: delivery \(id) ended, \(delivering?.id ?? 0) running")
        }
        delivery = .idle
        var action = Action()
        action.resolve.append((waiter, .delivered(scene)))
        advance(&action)
        return action
    }

    /// The flow is finished: every intent held is dropped, and intents opened later too. A
    /// delivery running goes on to its end.
    mutating func finish() -> Action {
        for index in scenes.indices { scenes[index].stage = .settled }
        var action = Action()
        if case .decided(let taken, _, _) = delivery {
            delivery = .idle
            action.resolve.append((taken.waiter, .dropped(.finished)))
        }
        action.resolve += held.map { ($0.waiter, .dropped(.finished)) }
        intake = .finished
        return action
    }

    // MARK: - Helpers

    private mutating func drop(_ id: ID, _ reason: IntentDropReason) -> Action {
        var action = Action()
        if case .decided(let taken, _, _) = delivery, taken.id == id {
            // Not started yet: withdrawn or expired like a held intent.
            delivery = .idle
            action.resolve.append((taken.waiter, .dropped(reason)))
            advance(&action)
            return action
        }
        guard let index = held.firstIndex(where: { $0.id == id }) else { return action }
        withHeld { held in action.resolve.append((held.remove(at: index).waiter, .dropped(reason))) }
        advance(&action)
        return action
    }

    /// Puts a delivery taken back before it started at the head of the held intents (it is
    /// the oldest), unless it names a scene no longer attached, or the bound is full (then,
    /// being the oldest, it is the one displaced).
    private mutating func takeBack(_ taken: Held, _ action: inout Action) {
        if let scene = taken.scene, !isAttached(scene) {
            action.resolve.append((taken.waiter, .dropped(.sceneGone)))
        } else if held.count >= capacity {
            action.resolve.append((taken.waiter, .dropped(.displaced)))
        } else if withHeld({ held in held.insert(taken, at: 0) }) == nil {
            // Once finished no delivery is decided (invariant 2), so none is taken back: its
            // opener would never hear.
            preconditionFailure("Internal inconsistency: a delivery taken back after finish()")
        }
        advance(&action)
    }

    /// Changes the intents held with `body`, returning its result; once finished, none are
    /// held, and `body` is not run (`nil`).
    @discardableResult
    private mutating func withHeld<Result>(_ body: (inout [Held]) -> Result) -> Result? {
        guard case .open(var held) = intake else { return nil }
        intake = .open([])  // the array is uniquely referenced while `body` changes it
        defer { intake = .open(held) }
        return body(&held)
    }

    private func isAttached(_ id: AuthSceneID) -> Bool {
        scenes.contains { $0.id == id }
    }

    /// What the oldest held intent does now, if anything.
    enum Step {
        /// Drop it: a ready scene shows another session than the one it names.
        case mismatch
        /// Deliver it to this ready scene.
        case deliver(Ready)
    }

    /// The next step for the oldest held intent; `nil` while it waits (or a delivery runs).
    /// One pass over the scenes, building no list: it runs after every input.
    func nextStep() -> Step? {
        guard case .idle = delivery, let head = held.first else { return nil }
        // The first ready scene in attach order, the ready scene the intent names, the most
        // recently activated ready scene, and the most recently activated scene.
        var first: Ready?
        var named: Ready?
        var latestReady: (ready: Ready, activated: UInt64)?
        var active: (unsettled: Bool, activated: UInt64)?
        for scene in scenes {
            if let activated = scene.activated, activated > active?.activated ?? 0 {
                active = (scene.stage.isUnsettled, activated)
            }
            guard case .ready(let session, let child) = scene.stage else { continue }
            let ready = Ready(scene: scene.id, session: session, child: child)
            if first == nil { first = ready }
            if scene.id == head.scene { named = ready }
            if let activated = scene.activated, activated > latestReady?.activated ?? 0 {
                latestReady = (ready, activated)
            }
        }
        guard let first else { return nil }
        if let session = head.session, !sameAccount(session, first.session) { return .mismatch }
        if head.scene != nil { return named.map(Step.deliver) }
        // The active scene, while it has yet to show the newest call's outcome, is waited for.
        if active?.unsettled == true { return nil }
        return .deliver(latestReady?.ready ?? first)
    }

    /// Drops mismatched intents and starts the next delivery, while the oldest held intent
    /// can go.
    private mutating func advance(_ action: inout Action) {
        // A step is found only for a head held, so one is removed with each.
        while let step = nextStep(), let head = withHeld({ $0.removeFirst() }) {
            switch step {
            case .mismatch:
                action.resolve.append((head.waiter, .dropped(.sessionMismatch)))
            case .deliver(let target):
                decisions += 1
                delivery = .decided(head, scene: target.scene, decision: decisions)
                action.deliver = Delivery(
                    id: head.id,
                    decision: decisions,
                    intent: head.intent,
                    scene: target.scene,
                    session: target.session,
                    child: target.child
                )
            }
        }
    }

    // MARK: - Invariants

    /// The invariants of the type's documentation that the state breaks; empty when all hold.
    func invariantViolations() -> [String] {
        var broken: [String] = []
        let ids = held.map { $0.id }
        if ids.count > capacity || ids != ids.sorted() || Set(ids).count != ids.count || (ids.last ?? 0) >= nextID {
            broken.append("1: held \(ids), next \(nextID), capacity \(capacity)")
        }
        let stale = decided.map { $0 != decisions } ?? false
        if let delivering, delivering.id >= nextID || ids.contains(delivering.id) || stale {
            broken.append("1: delivering \(delivering.id) (decision \(decided ?? 0) of \(decisions)) with held \(ids)")
        }
        if isFinished && (!ready.isEmpty || undelivered != nil) {
            broken.append("2: finished with \(ready.count) ready, \(undelivered.map { "\($0.id)" } ?? "none") decided")
        }
        let attached = attached
        let ready = ready
        if attached != attached.sorted() || Set(attached).count != attached.count
            || ready.contains(where: { $0.session != ready[0].session })
        {
            broken.append("3: attached \(attached), ready \(ready.map { $0.scene })")
        }
        let activated = scenes.compactMap { $0.activated }
        if !held.compactMap({ $0.scene }).allSatisfy(attached.contains) || Set(activated).count != activated.count
            || activated.contains(where: { $0 > activations })
        {
            broken.append(
                "4: named \(held.compactMap { $0.scene }), attached \(attached); activated \(activated) of \(activations)"
            )
        }
        if nextStep() != nil {
            broken.append("5: intent \(held.first?.id ?? 0) could go on, nothing is delivered")
        }
        return broken
    }
}

extension IntentStateMachine: Sendable where Intent: Sendable, Child: Sendable, Waiter: Sendable {}
extension IntentStateMachine.Held: Sendable where Intent: Sendable, Waiter: Sendable {}
extension IntentStateMachine.Ready: Sendable where Child: Sendable {}
extension IntentStateMachine.Delivery: Sendable where Intent: Sendable, Child: Sendable {}
extension IntentStateMachine.SceneStage {
    /// Whether the scene has yet to show the newest call's outcome.
    var isUnsettled: Bool {
        if case .unsettled = self { true } else { false }
    }
}

extension IntentStateMachine.SceneStage: Sendable where Child: Sendable {}
extension IntentStateMachine.Scene: Sendable where Child: Sendable {}
extension IntentStateMachine.DeliveryStage: Sendable where Intent: Sendable, Waiter: Sendable {}
extension IntentStateMachine.Intake: Sendable where Intent: Sendable, Waiter: Sendable {}
extension IntentStateMachine.Action: Sendable where Intent: Sendable, Child: Sendable, Waiter: Sendable {}
