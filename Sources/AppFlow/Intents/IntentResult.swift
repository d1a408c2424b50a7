/// The outcome of an intent handed to an ``AuthFlow`` with ``AuthFlow/open(_:for:in:switching:)``:
/// exactly one per intent.
public enum IntentResult: Sendable, Hashable {
    /// The provider's ``AuthFlowProvider/handle(_:in:context:)`` ran with the intent, on
    /// the logged-in child this scene showed, once its transition had ended.
    case delivered(AuthSceneID)
    /// The intent was dropped, for this reason; no child got it.
    case dropped(IntentDropReason)
}

/// Why an intent was dropped.
public enum IntentDropReason: Sendable, Hashable {
    /// A logout was called after the intent was opened: an intent never crosses a logout.
    case loggedOut
    /// It was held longer than ``AuthFlowConfiguration/intentExpiry``.
    case expired
    /// It names a session, and another session's child was shown when its turn came.
    case sessionMismatch
    /// More than ``AuthFlowConfiguration/maxHeldIntents`` intents were held: the oldest goes.
    case displaced
    /// The flow was finished (or released) before the intent was delivered, or the intent
    /// was opened after that.
    case finished
    /// Its opener was cancelled, or its handle's ``AuthIntentHandle/cancel()`` called,
    /// before delivery began.
    case cancelled
    /// It names a scene that is not attached, or that was detached before delivery began.
    case sceneGone
}
