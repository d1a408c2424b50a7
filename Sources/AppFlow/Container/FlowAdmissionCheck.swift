/// When the admission closure of ``FlowContainer/cycle(animation:policy:admittedIf:to:)``
/// is asked.
public enum FlowAdmissionCheck: Sendable, Hashable {
    /// The request has just reached the container, before it takes its place.
    case arrival
    /// The request's turn has come, before its factory is called.
    case start
}
