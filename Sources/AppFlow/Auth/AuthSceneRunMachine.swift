/// One call's run in one scene: its request in the scene's container, from its start to
/// its return, as ``AuthFlow`` runs it. (Not ``AuthRequest``, the public value of a call an
/// intent or a handle asks for.) One of the small machines of the auth core: it keeps the plan the
/// auth machine gave the call in the step that began it, whether its factory builds its
/// child (the fact the container's admission at ``FlowAdmissionPoint/overtaken`` reads),
/// and whether a newer request overtook it while it built, so that ``AuthFlow/finish()``
/// waits for that factory.
///
/// A request waits for its start, is planned when its admission at the start begins the
/// call, builds once its outgoing child prepared and its delay ran, may be overtaken while
/// it builds (refused at the container's ``FlowAdmissionPoint/overtaken`` point; at most
/// once: the container stops asking an overtaken request), and
/// returns. A scene's placement builds from its start (``placing()``). Every input is
/// answered in every state: ``returned()`` ends any request, and the others, in a state
/// `AuthFlow` never gives them in, leave it as it is.
struct AuthSceneRunMachine<Plan: Sendable>: Sendable {
    /// Where the request stands.
    enum State: Sendable {
        /// Its admission at its start is still to come.
        case waiting
        /// Begun with this plan: the outgoing child prepares, or the delay runs.
        case planned(Plan)
        /// Its factory builds the child, or the switching placeholder stands in for it.
        case building
        /// A newer request overtook it while it built: its factory runs on unseen, and
        /// ``AuthFlow/finish()`` waits for it.
        case overtaken
        /// Back from its container.
        case returned
    }

    /// Where the request stands.
    private(set) var state: State = .waiting

    /// A request that waits for its start.
    init() {}

    /// A scene's placement: its factory is all build, from its start.
    static func placing() -> Self {
        var machine = Self()
        machine.state = .building
        return machine
    }

    /// The call began with `plan`, in the step that admitted it at its start. `false`
    /// (the state unchanged) for a request that is not waiting.
    mutating func begin(_ plan: Plan) -> Bool {
        guard case .waiting = state else { return false }
        state = .planned(plan)
        return true
    }

    /// The plan the call began with, while the request is planned; `nil` otherwise.
    var plan: Plan? {
        if case .planned(let plan) = state { return plan }
        return nil
    }

    /// The factory begins to build, after the outgoing child prepared and the delay ran.
    /// A request that was not planned stays as it is.
    mutating func build() {
        guard case .planned = state else { return }
        state = .building
    }

    /// Whether the factory builds the child: a superseded request lets a newer one go first
    /// only then, since its child is never shown. While the outgoing child prepares it keeps
    /// its turn, so that the newer call's transition never races that preparation.
    var isBuilding: Bool {
        if case .building = state { return true }
        return false
    }

    /// The container's admission of this request at `point` answered `admitted`. Returns
    /// whether ``AuthFlow/finish()`` now waits for its factory: `true` when the answer is a
    /// refusal at ``FlowAdmissionPoint/overtaken`` while it builds (a newer request overtook
    /// it, and its factory runs on unseen); `false` (the state unchanged) otherwise.
    mutating func answered(_ admitted: Bool, at point: FlowAdmissionPoint) -> Bool {
        guard point == .overtaken, !admitted, case .building = state else { return false }
        state = .overtaken
        return true
    }

    /// The request is back from its container. Returns whether ``AuthFlow/finish()`` stops
    /// waiting for its factory: `true` for an overtaken request.
    mutating func returned() -> Bool {
        defer { state = .returned }
        if case .overtaken = state { return true }
        return false
    }
}
