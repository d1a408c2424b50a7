/// One call's run in one scene: its request in the scene's container, from its start to
/// its return, as ``AuthFlow`` runs it. (Not ``AuthRequest``, the public value of a call an
/// intent or a handle asks for.) One of the small machines of the auth core: it keeps the plan the
/// auth machine gave the call in the step that began it, whether its factory builds its
/// child (the fact the container's admission at ``FlowAdmissionPoint/overtaken`` reads),
/// which session's services its factory holds, and whether a newer request overtook it
/// while it built, so that ``AuthFlow/finish()`` waits for that factory.
///
/// A request waits for its start, is planned when its admission at the start begins the
/// call, builds once its outgoing child prepared and its delay ran (and may take a
/// session's services as it builds), may be overtaken while it builds (refused at the
/// container's ``FlowAdmissionPoint/overtaken`` point; at most once: the container stops
/// asking an overtaken request), and returns, handing back the services it held. A scene's
/// placement builds from its start (``placing()``). Every input is answered in every state:
/// ``returned()`` ends any request, and the others, in a state `AuthFlow` never gives them
/// in, leave it as it is.
struct AuthSceneRunMachine<Plan: Sendable>: Sendable {
    /// Where the request stands.
    enum State: Sendable {
        /// Its admission at its start is still to come.
        case waiting
        /// Begun with this plan: the outgoing child prepares, or the delay runs.
        case planned(Plan)
        /// Its factory builds the child, or the switching placeholder stands in for it;
        /// holding the services of session epoch `services`, once it took them.
        case building(services: UInt64?)
        /// A newer request overtook it while it built: its factory runs on unseen, and
        /// ``AuthFlow/finish()`` waits for it; holding the services of session epoch
        /// `services`, once it took them.
        case overtaken(services: UInt64?)
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
        machine.state = .building(services: nil)
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
        state = .building(services: nil)
    }

    /// What the factory builds once the services it asked for answered
    /// (``servicesAnswered(_:of:)``).
    enum Build<Services> {
        /// The session's child, with these services.
        case sessionChild(Services)
        /// The switching placeholder, in the child's stead.
        case switchingPlaceholder
    }

    /// The services the factory asked for answered: `services`, of session epoch `epoch`,
    /// which ``returned()`` hands back, and the factory builds the session's child with
    /// them; or none (`nil`, refused): the flow left that session after the call began, so
    /// the call is superseded and its child would be dropped unseen, and the factory builds
    /// the switching placeholder in its stead, holding no services. A request that does not
    /// build (or took services already) keeps what it holds: a factory takes one session's
    /// services, once.
    mutating func servicesAnswered<Services>(_ services: Services?, of epoch: UInt64) -> Build<Services> {
        guard let services else { return .switchingPlaceholder }
        switch state {
        case .building(services: nil): state = .building(services: epoch)
        case .overtaken(services: nil): state = .overtaken(services: epoch)
        case .waiting, .planned, .building, .overtaken, .returned: break
        }
        return .sessionChild(services)
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
        guard point == .overtaken, !admitted, case .building(let services) = state else { return false }
        state = .overtaken(services: services)
        return true
    }

    /// What ``returned()`` hands back.
    struct Return: Sendable, Hashable {
        /// Whether ``AuthFlow/finish()`` stops waiting for the factory: `true` for an
        /// overtaken request.
        var endsOvertaken: Bool
        /// The session epoch whose services the factory held, now let go; `nil` if it took
        /// none.
        var services: UInt64?
    }

    /// The request is back from its container: its factory has returned too. Returns what
    /// it held: whether ``AuthFlow/finish()`` waited for it, and the services it took.
    mutating func returned() -> Return {
        defer { state = .returned }
        switch state {
        case .overtaken(let services): return Return(endsOvertaken: true, services: services)
        case .building(let services): return Return(endsOvertaken: false, services: services)
        case .waiting, .planned, .returned: return Return(endsOvertaken: false, services: nil)
        }
    }
}
