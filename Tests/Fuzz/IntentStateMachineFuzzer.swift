// The intents part of the fuzz target: `IntentStateMachine` driven by the inputs
// `AuthFlow`'s performer makes (scenes attached, detached, activated and showing the
// session; calls; intents opened, withdrawn and expired; deliveries ended; finish),
// checked against a naive reference model written from the rules of the machine's
// documentation. Built by `Tests/Fuzz/fuzz.sh`.

/// Drives an `IntentStateMachine` as `AuthFlow` would, keeping the reference model.
/// Sessions are 0 and 1; intent number n is the value `1_000 + n`, heard by waiter n; each
/// child a scene shows gets a number of its own.
struct IntentMachineDriver {
    typealias Machine = IntentStateMachine<Int, Int, Int, Int>

    /// Where the model has an intent.
    enum Status: Equatable {
        /// Waiting for a ready scene.
        case held
        /// Its delivery to this scene has started.
        case delivering(AuthSceneID)
        /// Its opener has its outcome.
        case resolved(IntentResult)
    }

    struct Intent {
        /// The session and the scene it names, if any.
        let session: Int?
        let scene: AuthSceneID?
        /// How many logouts had been called when it was opened.
        let logoutsBefore: Int
        /// The machine's id, once the machine has held or delivered it.
        var id: Machine.ID?
        var status: Status
        /// How many outcomes the machine handed its waiter.
        var outcomes = 0
    }

    /// What a ready scene shows.
    struct Shown {
        let session: Int
        let child: Int
    }

    var machine = Machine(capacity: 1, expiry: .seconds(1))
    var capacity = 1
    /// Every intent opened; an intent's number is its index.
    var intents: [Intent] = []
    /// The intents held, by number, the oldest first.
    var queue: [Int] = []
    /// The intent being delivered, by number, and whether its delivery has started (a call,
    /// a detach of its scene, a withdrawal or `finish()` takes back one not started).
    var delivering: Int?
    var started = false
    /// How many deliveries were decided: the newest decision's number, the only one that
    /// may start, and only while not started.
    var decisions: Machine.Decision = 0
    /// The scenes attached, in the order they were; a number is never used twice.
    var attached: [AuthSceneID] = []
    var lastScene: UInt64 = 0
    /// The ready scenes: each shows a child of the session the flow is in, shown after the
    /// newest call was made.
    var shown: [AuthSceneID: Shown] = [:]
    var lastChild = 0
    /// Every activation of an attached scene, in the order reported.
    var activations: [AuthSceneID] = []
    /// The scenes attached when the newest call was made that have not reported its
    /// outcome since (shown a child of the session, or settled in none).
    var pending: Set<AuthSceneID> = []
    /// The session the flow is in: set by a login, cleared by a logout.
    var session: Int?
    var logouts = 0
    var isFinished = false
    /// The ids the machine returned for intents it held or delivered; the performer may
    /// withdraw any of them, at any time.
    var ids: [Machine.ID] = []
    /// The ids whose expiry the performer started.
    var expiring: [Machine.ID] = []

    /// What the model expects of the input being run: the outcomes, in order, and the
    /// delivery that starts.
    var expectedOutcomes: [(waiter: Int, result: IntentResult)] = []
    var expectedDelivery: (number: Int, scene: AuthSceneID, shown: Shown)?

    // MARK: - The model's rules

    mutating func resolve(_ number: Int, _ result: IntentResult) {
        intents[number].status = .resolved(result)
        expectedOutcomes.append((number, result))
    }

    /// One intent is delivered at a time, the oldest held first, to a ready scene: the one
    /// it names, else the most recently activated scene (waited for while it has not
    /// reported the newest call's outcome), else the most recently activated ready scene,
    /// else the first ready scene in attach order. One naming another session than the
    /// ready scenes show is dropped.
    mutating func moveOn() {
        while delivering == nil, let oldest = queue.first {
            let ready = attached.filter { shown[$0] != nil }
            guard let first = ready.first, let shownSession = shown[first]?.session else { return }
            let intent = intents[oldest]
            if let named = intent.session, named != shownSession {
                queue.removeFirst()
                resolve(oldest, .dropped(.sessionMismatch))
                continue
            }
            let target: AuthSceneID
            if let named = intent.scene {
                guard shown[named] != nil else { return }
                target = named
            } else {
                if let active = activations.last(where: attached.contains), pending.contains(active) { return }
                target = activations.last { shown[$0] != nil } ?? first
            }
            queue.removeFirst()
            delivering = oldest
            started = false
            decisions += 1
            intents[oldest].status = .delivering(target)
            expectedDelivery = (oldest, target, shown[target]!)
        }
    }

    /// Takes back the delivery not started, if any: back to the head of the held intents,
    /// unless it names a scene no longer attached, or the bound is full; `logout` drops it.
    mutating func takeBackUnstarted(logout: Bool = false) {
        guard let number = delivering, !started else { return }
        delivering = nil
        if logout {
            resolve(number, .dropped(.loggedOut))
            return
        }
        if let scene = intents[number].scene, !attached.contains(scene) {
            resolve(number, .dropped(.sceneGone))
        } else if queue.count >= capacity {
            resolve(number, .dropped(.displaced))
        } else {
            intents[number].status = .held
            queue.insert(number, at: 0)
        }
        moveOn()
    }

    /// Drops the held intents `isDropped` picks, oldest first, for `reason`.
    mutating func dropHeld(_ reason: IntentDropReason, where isDropped: (Intent) -> Bool = { _ in true }) {
        for number in queue where isDropped(intents[number]) {
            resolve(number, .dropped(reason))
        }
        queue.removeAll { intents[$0].status != .held }
    }

    // MARK: - Inputs

    /// A scene is attached, with the next number.
    mutating func attach() {
        guard lastScene < 6 else { return }
        lastScene += 1
        let scene = AuthSceneID(rawValue: lastScene)
        attached.append(scene)
        machine.attached(scene)
    }

    mutating func detach(_ input: inout FuzzInput) {
        guard !attached.isEmpty else { return }
        let scene = attached.remove(at: input.choose(attached.count))
        shown[scene] = nil
        pending.remove(scene)
        if let number = delivering, intents[number].status == .delivering(scene) { takeBackUnstarted() }
        dropHeld(.sceneGone) { $0.scene == scene }
        moveOn()
        check(machine.detached(scene), "detached(\(scene))")
    }

    /// The app reports a scene active: attached, gone, or not attached yet.
    mutating func activate(_ input: inout FuzzInput) {
        let scene = AuthSceneID(rawValue: UInt64(1 + input.choose(Int(lastScene) + 1)))
        if attached.contains(scene) {
            activations.append(scene)
            moveOn()
        }
        check(machine.activated(scene), "activated(\(scene))")
    }

    /// A call takes its place: a logout, a login to either session, or a refresh. A call
    /// after `finish()` is refused before the intents hear of it.
    mutating func call(_ input: inout FuzzInput) {
        guard !isFinished else { return }
        let kind = input.choose(4)
        shown = [:]
        pending = Set(attached)
        takeBackUnstarted(logout: kind == 0)
        if kind == 0 {
            logouts += 1
            session = nil
            dropHeld(.loggedOut)
        } else if kind < 3 {
            session = kind - 1
        }
        check(machine.callMade(isLogout: kind == 0), "callMade(\(["logout", "login 0", "login 1", "refresh"][kind]))")
    }

    /// A scene (attached or not) shows a new child of the session the flow is in.
    mutating func sceneShows(_ input: inout FuzzInput) {
        guard let session, lastScene > 0 else { return }
        let scene = AuthSceneID(rawValue: UInt64(1 + input.choose(Int(lastScene))))
        lastChild += 1
        if !isFinished, attached.contains(scene) {
            pending.remove(scene)
            shown = shown.filter { $0.value.session == session }
            shown[scene] = Shown(session: session, child: lastChild)
            moveOn()
        }
        let action = machine.sceneShows(scene, session: session, child: lastChild)
        check(action, "sceneShows(\(scene), \(session), child \(lastChild))")
    }

    /// A scene (attached or not) reports the newest call's outcome in no session.
    mutating func sceneSettled(_ input: inout FuzzInput) {
        guard lastScene > 0 else { return }
        let scene = AuthSceneID(rawValue: UInt64(1 + input.choose(Int(lastScene))))
        if pending.remove(scene) != nil { moveOn() }
        check(machine.sceneSettled(scene), "sceneSettled(\(scene))")
    }

    /// An intent is opened, naming either session or none, and a scene (attached, gone, or
    /// never attached) or none.
    mutating func open(_ input: inout FuzzInput) {
        let number = intents.count
        let named = input.choose(3)
        let session = named == 0 ? nil : named - 1
        let scene = input.bit() ? nil : AuthSceneID(rawValue: UInt64(1 + input.choose(Int(lastScene) + 1)))
        intents.append(Intent(session: session, scene: scene, logoutsBefore: logouts, status: .held))
        if isFinished {
            resolve(number, .dropped(.finished))
        } else if let scene, !attached.contains(scene) {
            resolve(number, .dropped(.sceneGone))
        } else {
            queue.append(number)
            if queue.count > capacity {
                resolve(queue.removeFirst(), .dropped(.displaced))
            }
            moveOn()
        }
        let (id, action) = machine.open(1_000 + number, session: session, scene: scene, waiter: number)
        let description = "open(\(number), session \(String(describing: session)), \(String(describing: scene)))"
        if case .resolved = intents[number].status {
            guard action.expire == nil else { violated("\(description) resolved, yet its expiry starts") }
        } else {
            // Held or delivered: its id is new and greater than every earlier one.
            guard id > (ids.last ?? 0) else { violated("\(description) got id \(id) after \(ids)") }
            intents[number].id = id
            ids.append(id)
            let held = intents[number].status == .held
            guard action.expire?.id == (held ? id : nil), action.expire.map({ $0.after == .seconds(1) }) ?? true else {
                violated("\(description) expire \(String(describing: action.expire)), held \(held)")
            }
            if held { expiring.append(id) }
        }
        check(action, description)
    }

    /// The performer withdraws an intent it got an id for, or expires one whose expiry it
    /// started: dropped if still held, else nothing.
    mutating func withdrawOrExpire(_ input: inout FuzzInput, expiring: Bool) {
        let candidates = expiring ? self.expiring : ids
        guard !candidates.isEmpty else { return }
        let id = candidates[input.choose(candidates.count)]
        guard let number = intents.firstIndex(where: { $0.id == id }) else { violated("no intent has id \(id)") }
        if intents[number].status == .held {
            queue.removeAll { $0 == number }
            resolve(number, .dropped(expiring ? .expired : .cancelled))
            moveOn()
        } else if delivering == number, !started {
            // Not started: withdrawn or expired like a held intent.
            delivering = nil
            resolve(number, .dropped(expiring ? .expired : .cancelled))
            moveOn()
        }
        if expiring {
            check(machine.expired(id), "expired(\(id))")
        } else {
            check(machine.withdraw(id), "withdraw(\(id))")
        }
    }

    /// A delivery task asks to start its decision: the newest one, or any other (taken back
    /// and perhaps decided again since, started already, or never made), which does not
    /// start.
    mutating func deliveryStarting(_ input: inout FuzzInput) {
        if delivering != nil, !started, input.bit() {
            started = true
            guard machine.deliveryStarting(decisions) else { violated("deliveryStarting(\(decisions)) refused") }
        } else {
            let decision = Machine.Decision(input.choose(Int(decisions) + 2))
            // Only the newest decision, not yet started, starts: nothing is handed over twice.
            let expected = delivering != nil && !started && decision == decisions
            if expected { started = true }
            guard machine.deliveryStarting(decision) == expected else {
                violated("deliveryStarting(\(decision)), model \(expected)")
            }
        }
    }

    mutating func deliveryEnded() {
        guard let number = delivering else { return }
        if !started {
            started = true
            guard machine.deliveryStarting(decisions) else {
                violated("deliveryStarting(\(decisions)) refused before its end")
            }
        }
        guard case .delivering(let scene) = intents[number].status, let id = intents[number].id else {
            violated("intent \(number) delivered as \(intents[number].status)")
        }
        delivering = nil
        resolve(number, .delivered(scene))
        moveOn()
        check(machine.deliveryEnded(id), "deliveryEnded(\(id))")
    }

    mutating func finish() {
        isFinished = true
        shown = [:]
        pending = []
        if let number = delivering, !started {
            delivering = nil
            resolve(number, .dropped(.finished))
        }
        dropHeld(.finished)
        check(machine.finish(), "finish")
    }

    // MARK: - Checks

    /// The machine's action is the model's: the same outcomes to the same waiters, in the
    /// same order, each the first its waiter hears; the same delivery, if any, of an
    /// intent opened after the last logout.
    mutating func check(_ action: Machine.Action, _ input: String) {
        let outcomes = action.resolve.map { "\($0.waiter): \($0.result)" }
        let expected = expectedOutcomes.map { "\($0.waiter): \($0.result)" }
        guard outcomes == expected else { violated("\(input) resolved \(outcomes), model \(expected)") }
        for (waiter, _) in action.resolve {
            intents[waiter].outcomes += 1
            guard intents[waiter].outcomes == 1 else { violated("\(input) resolved intent \(waiter) again") }
        }
        switch (action.deliver, expectedDelivery) {
        case (nil, nil):
            break
        case (let delivery?, let expected?):
            let number = delivery.intent - 1_000
            guard number == expected.number, delivery.scene == expected.scene,
                delivery.session == expected.shown.session, delivery.child == expected.shown.child,
                delivery.id == intents[number].id, delivery.decision == decisions
            else {
                violated("\(input) delivered \(delivery.intent) (id \(delivery.id)) to \(delivery.scene)")
            }
            // Checked again from the intent alone: what it names, and no logout since it
            // was opened.
            let intent = intents[number]
            guard intent.logoutsBefore == logouts else { violated("\(input) delivered \(number) across a logout") }
            guard intent.session.map({ $0 == delivery.session }) ?? true,
                intent.scene.map({ $0 == delivery.scene }) ?? true
            else { violated("\(input) delivered \(number) where it does not belong") }
        default:
            violated(
                "\(input) delivered \(String(describing: action.deliver.map { ($0.intent, $0.scene) })), "
                    + "model \(String(describing: expectedDelivery.map { ($0.number, $0.scene) }))"
            )
        }
        expectedOutcomes = []
        expectedDelivery = nil
    }

    /// The machine's state is the model's, and keeps its invariants.
    func checkState() {
        let broken = machine.invariantViolations()
        guard broken.isEmpty else { violated("invariants \(broken)") }
        guard machine.held.map(\.waiter) == queue, machine.held.map(\.intent) == queue.map({ 1_000 + $0 }),
            machine.held.count <= capacity
        else { violated("held \(machine.held.map(\.waiter)), model \(queue)") }
        guard machine.delivering?.waiter == delivering, machine.undelivered?.waiter == (started ? nil : delivering)
        else {
            violated("delivering \(String(describing: machine.delivering)), model \(String(describing: delivering))")
        }
        let ready = attached.filter { shown[$0] != nil }
        guard machine.ready.map(\.scene) == ready,
            machine.ready.map(\.child) == ready.map({ shown[$0]!.child })
        else { violated("ready \(machine.ready.map(\.scene)), model \(ready)") }
        var active: [AuthSceneID] = []
        for scene in activations.reversed() where attached.contains(scene) && !active.contains(scene) {
            active.append(scene)
        }
        guard machine.activity == active else { violated("activity \(machine.activity), model \(active)") }
        guard machine.attached == attached, machine.isFinished == isFinished else {
            violated("attached \(machine.attached), model \(attached)")
        }
    }

    /// Runs the decoded input from a flow with its first scene attached, then finishes the
    /// flow and ends the delivery running: every intent opened must then have had exactly
    /// one outcome.
    mutating func run(_ input: inout FuzzInput) {
        capacity = 1 + input.choose(3)
        machine = Machine(capacity: capacity, expiry: .seconds(1))
        attach()
        var steps = 0
        while !input.isEmpty, steps < 2_000 {
            steps += 1
            switch input.choose(16) {
            case 0: attach()
            case 1: detach(&input)
            case 2: activate(&input)
            case 3, 4: call(&input)
            case 5, 6: sceneShows(&input)
            case 7: sceneSettled(&input)
            case 8, 9, 10: open(&input)
            case 11: withdrawOrExpire(&input, expiring: false)
            case 12: withdrawOrExpire(&input, expiring: true)
            case 13: deliveryStarting(&input)
            case 14: deliveryEnded()
            default: if input.choose(4) == 0 { finish() }
            }
            checkState()
        }
        if !isFinished {
            finish()
            checkState()
        }
        while delivering != nil {
            deliveryEnded()
            checkState()
        }
        for (number, intent) in intents.enumerated() {
            guard intent.outcomes == 1, case .resolved = intent.status else {
                violated("intent \(number) ended \(intent.status) with \(intent.outcomes) outcomes")
            }
        }
    }
}
