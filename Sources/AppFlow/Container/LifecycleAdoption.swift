/// Whether children adopt ``FlowLifecycle``, remembered per dynamic type.
///
/// For most types, the dynamic type of a value alone decides whether it adopts
/// ``FlowLifecycle``, so the container casts each type once rather than each child (a
/// cast costs a conformance lookup; <doc:Performance> has the figure). The answer is never
/// remembered for types whose casts look inside the value: an `Optional`, which adopts
/// when its wrapped value does, `AnyHashable`, and the runtime's box for a Swift value
/// passed as an object.
struct LifecycleAdoption {
    /// Whether the child in place adopts ``FlowLifecycle``.
    private(set) var childAdopts: Bool
    /// Whether the container's `Child` is an existential type, whose values' dynamic
    /// types `type(of:)` does not see.
    private let childTypeIsExistential: Bool
    private var knownType: ObjectIdentifier?
    private var knownTypeAdopts = false

    /// Starts with `initial` in place.
    init<Child: Sendable>(initial: Child) {
        // Only an existential `Child` has values of another type that is not a subclass.
        // (Boxing `initial` as `Any` opens it; this happens once.)
        childTypeIsExistential =
            ObjectIdentifier(type(of: initial as Any)) != ObjectIdentifier(Child.self)
            && !(Child.self is AnyObject.Type)
        childAdopts = false
        childAdopts = adopts(initial)
    }

    /// Whether `child` adopts ``FlowLifecycle``; remembers the answer for its type when
    /// the type alone decides it.
    mutating func adopts<Child: Sendable>(_ child: Child) -> Bool {
        if childTypeIsExistential {
            return child is any FlowLifecycle
        }
        let dynamicType = type(of: child)
        let identifier = ObjectIdentifier(dynamicType)
        if identifier == knownType {
            return knownTypeAdopts
        }
        let adopts = child is any FlowLifecycle
        if Self.typeDecides(dynamicType) {
            (knownType, knownTypeAdopts) = (identifier, adopts)
        }
        return adopts
    }

    /// Records that `child` is now in place, with the answer `adopts` gave for it.
    mutating func placed(adopting: Bool) {
        childAdopts = adopting
    }

    /// Whether every value of `type` gives the same answer to a cast. (`AnyHashable` is
    /// `Sendable` only for clients in the Swift 5 language mode, but they may use it.)
    static func typeDecides(_ type: Any.Type) -> Bool {
        !(type is any OptionalMarker.Type) && type != AnyHashable.self
            && !(type is AnyObject.Type && ObjectIdentifier(type) == boxedValueType)
    }

    /// The class of the runtime's box for a Swift value passed as an object (its cast
    /// looks inside the box), found once by boxing a value, so that no type name is
    /// formatted per child. Asked only about classes, so that a container of value types
    /// never boxes anything.
    private static let boxedValueType = ObjectIdentifier(type(of: BoxProbe() as AnyObject))
}

/// A plain value, boxed once to learn the class of the runtime's value box.
private struct BoxProbe {}

/// Marks `Optional`, whose casts unwrap the value, so that ``LifecycleAdoption`` can
/// recognise it whatever it wraps.
private protocol OptionalMarker {}

extension Optional: OptionalMarker {}
