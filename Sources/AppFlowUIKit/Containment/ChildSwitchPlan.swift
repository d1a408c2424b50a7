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
        /// Whether the incoming child covers the session, which stays under it: the
        /// privacy cover, a cover-style lock (`AuthScreen.coversSession`).
        var coversSession = false
        /// Whether a child is kept under a cover now.
        var hasCovered = false
        /// Whether the incoming child is the one kept under the cover: uncover, unlock.
        var returnsToCovered = false
    }

    /// What happens to the child a cover keeps.
    enum Covered: Equatable, Sendable {
        /// Nothing: no child is kept, or the one kept stays kept.
        case unchanged
        /// The outgoing child stays, under the cover, with what it presents, untouched.
        case keepOutgoing
        /// The kept child is the incoming one: it is already in place, as it was.
        case restore
        /// The kept child leaves too, before the switch: the session ended under the cover.
        /// What it presents is dismissed without animation.
        case release
    }

    /// Where the incoming child's view goes.
    enum Placement: Equatable, Sendable {
        /// Into the host's view, at its bounds.
        case inHost
        /// Above everything in the window, presented view controllers included.
        case overWindow
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
        /// The outgoing view's alpha, from 1 to 0: a cover leaving the child it kept.
        case fadeOut
    }

    /// How presented view controllers leave.
    let dismissal: Dismissal
    /// Whether the outgoing child's view is hidden before the transition begins.
    let hidesOutgoing: Bool
    /// What UIKit animates.
    let motion: Motion
    /// The motion's curve, which UIKit has too.
    let curve: AnimationCurve.BuiltIn
    /// What happens to the child a cover keeps.
    let covered: Covered
    /// Where the incoming child's view goes.
    let placement: Placement

    init(
        dismissal: Dismissal,
        hidesOutgoing: Bool,
        motion: Motion,
        curve: AnimationCurve.BuiltIn,
        covered: Covered = .unchanged,
        placement: Placement = .inHost
    ) {
        self.dismissal = dismissal
        self.hidesOutgoing = hidesOutgoing
        self.motion = motion
        self.curve = curve
        self.covered = covered
        self.placement = placement
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
    /// - A cover hides and destroys nothing: the session's child stays under it, what it
    ///   presents untouched, never faded out, and the cover goes above everything in the
    ///   window. Uncovered,
    ///   the kept child is back as it was, and the cover fades out if the switch is
    ///   animated. Only a switch that ends the session under the cover releases the kept
    ///   child, its presented controllers dismissed without animation.
    init(_ input: Input) {
        if input.coversSession {
            covered = input.hasCovered ? .unchanged : .keepOutgoing
        } else if input.hasCovered {
            covered = input.returnsToCovered ? .restore : .release
        } else {
            covered = .unchanged
        }
        placement = input.coversSession ? .overWindow : .inHost
        if !input.outgoingPresents || covered == .keepOutgoing {
            dismissal = .none
        } else if input.leavesSession || input.kind == .immediate {
            dismissal = .immediate
        } else {
            dismissal = .animated
        }
        hidesOutgoing = input.leavesSession && covered != .keepOutgoing
        let motion: Motion
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
        switch (covered, motion) {
        case (.restore, .none), (.keepOutgoing, .none): self.motion = .none
        // The kept child is in place under the cover: the cover fades away from it.
        case (.restore, _): self.motion = .fadeOut
        // The kept child stays as it is under the cover: only the cover fades in.
        case (.keepOutgoing, .crossDissolve): self.motion = .fadeIn
        default: self.motion = motion
        }
        curve = input.curve ?? .easeInOut
    }
}
