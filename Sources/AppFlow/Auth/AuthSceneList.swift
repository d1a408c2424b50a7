/// The scenes attached to an ``AuthFlow``, in attach order, and the id the next one gets.
/// One of the small machines of ``AuthStateMachine``: the one scene list every call fans
/// out to.
///
/// An id is reserved before its scene is made (``reserve()``) and attached once
/// (``attach(_:_:)``); ids only grow, so attach order is id order.
///
/// ## Invariants
/// ``invariantViolations()`` checks them: ids are unique, in attach order, and below the
/// next id.
struct AuthSceneList<Scene> {
    /// The scenes attached, in attach order.
    private(set) var scenes: [(id: AuthSceneID, scene: Scene)] = []
    /// The number the next scene reserved gets.
    private(set) var nextID: UInt64 = 1

    /// Reserves the id of a scene about to be made.
    mutating func reserve() -> AuthSceneID {
        defer { nextID += 1 }
        return AuthSceneID(rawValue: nextID)
    }

    /// Attaches `scene` as `id`; `false` if `id` was never reserved or is attached already,
    /// an input `AuthFlow` never makes.
    mutating func attach(_ id: AuthSceneID, _ scene: Scene) -> Bool {
        guard id.rawValue < nextID, !contains(id) else { return false }
        scenes.insert((id, scene), at: scenes.firstIndex { $0.id > id } ?? scenes.endIndex)
        return true
    }

    /// Detaches scene `id`; returns it, or `nil` if it was not attached.
    mutating func detach(_ id: AuthSceneID) -> Scene? {
        guard let index = scenes.firstIndex(where: { $0.id == id }) else { return nil }
        return scenes.remove(at: index).scene
    }

    /// Whether scene `id` is attached.
    func contains(_ id: AuthSceneID) -> Bool {
        scenes.contains { $0.id == id }
    }

    /// The invariants of the type's documentation that the state breaks; empty when all hold.
    func invariantViolations() -> [String] {
        let ids = scenes.map { $0.id.rawValue }
        guard ids != ids.sorted() || Set(ids).count != ids.count || (ids.last ?? 0) >= nextID else { return [] }
        return ["6: scenes \(ids), next \(nextID)"]
    }
}

extension AuthSceneList: Sendable where Scene: Sendable {}
