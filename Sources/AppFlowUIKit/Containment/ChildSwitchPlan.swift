import AppFlow

/// What a host does for one switch of its children, decided from the transition and the
/// screen's settings: every decision of the UIKit shell's switch, made without UIKit, so
/// that tests on every platform cover it (see `ChildSwitchPlanTests`).
///
/// ``ChildContainment`` performs a plan: it dismisses, hides, animates and resets as the
/// plan says and decides nothing of its own.
struct ChildSwitchPlan: Equatable, Sendable {
    /// What the switch is made from.
    struct Input: Equatable, Sendable {
        /// The transition's animation kind.
        var kind: TransitionAnimation.Kind
        /// The animation's built-in curve; `nil` for a custom one.
        var curve: AnimationCurve.BuiltIn? = .easeInOut
        /// Whether the switch leaves a logged-in child for a child of no session or of
        /// another one: a logout, a lock, the privacy cover, a switch of account.
        var leavesSession = false
        /// Whether the outgoing child, or its host, presents a view controller.
        var outgoingPresents = false
        /// Whether the user turned Reduce Motion on.
        var reduceMotion = false
        /// Whether the host lays out right to left.
        var rightToLeft = false
    }

    /// How the view controllers the outgoing child presents leave.
    enum Dismissal: Equatable, Sendable {
        /// Nothing is presented.
        case none
        /// Dismissed with UIKit's animation, awaited before the switch goes on.
        case animated
        /// Dismissed without animation, awaited before the switch goes on.
        case immediate
    }

    /// What UIKit animates.
    enum Motion: Equatable, Sendable {
        /// Nothing: the switch is immediate, or a custom animation moves the views.
        case none
        /// The incoming view's alpha, from 0 to 1.
        case fadeIn
        /// The incoming view's alpha from 0 to 1, the outgoing one's from 1 to 0.
        case crossDissolve
        /// The incoming view's frame, from the host's bounds offset by `dx` widths and `dy`
        /// heights to the bounds.
        case slide(dx: Double, dy: Double)
    }

    /// How presented view controllers leave.
    let dismissal: Dismissal
    /// Whether the outgoing child's view is hidden before the transition begins.
    let hidesOutgoing: Bool
    /// What UIKit animates.
    let motion: Motion
    /// The motion's curve, which UIKit has too.
    let curve: AnimationCurve.BuiltIn

    init(dismissal: Dismissal, hidesOutgoing: Bool, motion: Motion, curve: AnimationCurve.BuiltIn) {
        self.dismissal = dismissal
        self.hidesOutgoing = hidesOutgoing
        self.motion = motion
        self.curve = curve
    }

    /// The plan for `input`.
    ///
    /// - Presented controllers leave before the outgoing child does; without animation
    ///   when the switch is immediate or leaves a session, so that nothing of the session
    ///   shows once the transition begins.
    /// - A switch that leaves a session hides the outgoing child at once.
    /// - A slide follows the layout direction (leading is the right edge right to left);
    ///   with Reduce Motion it becomes a cross-dissolve.
    /// - A curve UIKit has no match for (`AnimationCurve.custom`) runs as ease-in-out.
    init(_ input: Input) {
        if !input.outgoingPresents {
            dismissal = .none
        } else if input.leavesSession || input.kind == .immediate {
            dismissal = .immediate
        } else {
            dismissal = .animated
        }
        hidesOutgoing = input.leavesSession
        switch input.kind {
        case .immediate, .custom:
            motion = .none
        case .fade:
            motion = .fadeIn
        case .crossDissolve:
            motion = .crossDissolve
        case .slide where input.reduceMotion:
            motion = .crossDissolve
        case .slide(let edge):
            let leading: Double = input.rightToLeft ? 1 : -1
            switch edge {
            case .leading: motion = .slide(dx: leading, dy: 0)
            case .trailing: motion = .slide(dx: -leading, dy: 0)
            case .top: motion = .slide(dx: 0, dy: -1)
            case .bottom: motion = .slide(dx: 0, dy: 1)
            }
        }
        curve = input.curve ?? .easeInOut
    }
}
