/// The layers a SwiftUI view draws for a ``FlowViewModel``: which frames are on screen,
/// back to front, and the values each is drawn with (``FlowViewLayer``).
///
/// A mount puts the new frame in front; the frame that was in front becomes the outgoing
/// one. The layers are at their start values until the view reports that it animates the
/// newest frame (``viewAnimating(_:)``), then at their end values. The switch settles
/// (only the front frame stays) when the view's animation of the newest frame completed,
/// when its transition ended (unless a newer request cut it short), when a view appears
/// (it draws the frame as it is) and when the switch is not animated. A switch that interrupts another
/// one keeps every frame until it settles: the interrupted incoming child becomes the
/// outgoing one from wherever its animation was, and the frames behind it stay at their
/// end values (a frame whose effect is none stays opaque).
///
/// A frame that a cover hides (``Relation/covers``) is kept under it, drawn at the back,
/// transparent and not in front (so untouchable and hidden from VoiceOver), with its view
/// identity; a frame that returns to it (``Relation/returns``) takes that view identity,
/// so SwiftUI keeps the view. Any other frame ends it.
///
/// Invariants, checked by ``invariantViolations(reduceMotion:)`` after every step in the
/// tests:
/// 1. There is always one frame in front, the newest, and it is the last layer.
/// 2. Frame identities grow from back to front.
/// 3. One layer only when settled, and then it is opaque and in place (a kept frame
///    aside).
/// 4. At its end values, the front layer is opaque and in place.
/// 5. No two layers share a view identity.
/// 6. A kept frame not also leaving is drawn transparent, at the back, not in front.
struct FlowViewLayers<Child> {
    /// How a mounted frame stands to the frame a cover keeps.
    enum Relation: Equatable {
        /// It ends the kept frame, if any: a switch of any other kind.
        case replaces
        /// It covers the frame before it, which is kept under it (or keeps the one kept).
        case covers
        /// It shows the kept frame's child again, with the kept frame's view identity.
        case returns
    }

    /// A frame on screen, the identity its view has, and the switch that covered it, if
    /// one did.
    private struct Entry {
        let frame: FlowViewFrame<Child>
        /// The identity SwiftUI gives its view: the frame's own, or the kept frame's it returns to.
        let view: FlowViewIdentity
        /// The animation of the switch that put the next frame in front of this one.
        var coveredBy: TransitionAnimation?

        init(frame: FlowViewFrame<Child>, view: FlowViewIdentity? = nil) {
            self.frame = frame
            self.view = view ?? frame.identity
        }
    }

    /// The frames on screen, back to front; never empty.
    private var entries: [Entry]
    /// The frame a cover keeps, if any.
    private var kept: Entry?
    /// Whether the newest switch is at its end values (the view animates it, or it settled).
    private(set) var atEnd = true

    init(initial frame: FlowViewFrame<Child>) {
        entries = [Entry(frame: frame)]
    }

    /// The newest frame, in front.
    var front: FlowViewFrame<Child> { entries[entries.count - 1].frame }
    /// How many frames are on screen.
    var count: Int { entries.count }

    /// The child of the frame a cover keeps, if any.
    var keptChild: Child? { kept?.frame.child }

    /// A new frame was mounted: it comes in front, at its start values; a switch SwiftUI
    /// does not animate settles at once. `relation` says what becomes of the kept frame.
    mutating func mounted(_ frame: FlowViewFrame<Child>, relation: Relation = .replaces) {
        entries[entries.count - 1].coveredBy = frame.animation
        var view: FlowViewIdentity?
        switch relation {
        case .covers:
            if kept == nil { kept = entries[entries.count - 1] }
        case .returns:
            view = kept?.view
            // The kept child comes to the front: no other layer draws its view.
            if let view { entries.removeAll { $0.view == view } }
            kept = nil
        case .replaces:
            kept = nil
        }
        entries.append(Entry(frame: frame, view: view))
        atEnd = false
        if FlowViewAnimation(frame.animation, reduceMotion: false).duration == nil {
            settle()
        }
    }

    /// The view animates the frame `identity`: if it is the newest, the layers move to
    /// their end values.
    mutating func viewAnimating(_ identity: FlowViewIdentity) {
        if identity == front.identity { atEnd = true }
    }

    /// The switch to the frame `identity` is over: if it is the newest, only it stays.
    mutating func settled(_ identity: FlowViewIdentity) {
        if identity == front.identity { settle() }
    }

    private mutating func settle() {
        var only = entries[entries.count - 1]
        only.coveredBy = nil
        entries = [only]
        atEnd = true
    }

    /// The layers, back to front, with Reduce Motion on or off: a kept frame not drawn
    /// among them first, transparent.
    func layers(reduceMotion: Bool) -> [FlowViewLayer<Child>] {
        var hidden: [FlowViewLayer<Child>] = []
        if let kept, !entries.contains(where: { $0.view == kept.view }) {
            hidden = [
                FlowViewLayer(frame: kept.frame, view: kept.view, opacity: 0, offsetX: 0, offsetY: 0, isFront: false)
            ]
        }
        return hidden
            + entries.indices.map { index in
                let entry = entries[index]
                let isFront = index == entries.count - 1
                let values: Values
                if isFront {
                    let effect = FlowViewAnimation(entry.frame.animation, reduceMotion: reduceMotion).insertion
                    values = atEnd ? .inPlace : Self.away(effect)
                } else {
                    let animation = entry.coveredBy ?? .immediate
                    let effect = FlowViewAnimation(animation, reduceMotion: reduceMotion).removal
                    // Only the frame just behind the front one waits for the newest switch.
                    let coveredByNewest = index == entries.count - 2
                    values = coveredByNewest && !atEnd ? .inPlace : Self.away(effect)
                }
                return FlowViewLayer(
                    frame: entry.frame,
                    view: entry.view,
                    opacity: values.opacity,
                    offsetX: values.x,
                    offsetY: values.y,
                    isFront: isFront
                )
            }
    }

    /// A layer's drawing values.
    private struct Values {
        var opacity: Double
        var x: Double
        var y: Double
        static var inPlace: Values { Values(opacity: 1, x: 0, y: 0) }
    }

    /// Where `effect` takes a view: what an incoming one starts from and an outgoing one
    /// ends at.
    private static func away(_ effect: FlowViewAnimation.Effect) -> Values {
        switch effect {
        case .identity: return .inPlace
        case .opacity: return Values(opacity: 0, x: 0, y: 0)
        case .move(.leading): return Values(opacity: 1, x: -1, y: 0)
        case .move(.trailing): return Values(opacity: 1, x: 1, y: 0)
        case .move(.top): return Values(opacity: 1, x: 0, y: -1)
        case .move(.bottom): return Values(opacity: 1, x: 0, y: 1)
        }
    }

    /// The invariants this value breaks, if any.
    func invariantViolations(reduceMotion: Bool) -> [String] {
        var violations: [String] = []
        let all = layers(reduceMotion: reduceMotion)
        // A kept frame not among the frames on screen is drawn apart, as the first layer.
        let keptApart = kept.map { kept in !entries.contains { $0.view == kept.view } } ?? false
        if keptApart, let first = all.first, first.id != kept?.view || first.opacity != 0 || first.isFront {
            violations.append("6: kept \(String(describing: kept?.view)) drawn \(first.id) at \(first.opacity)")
        }
        let layers = keptApart ? Array(all.dropFirst()) : all
        if layers.isEmpty || all.filter({ $0.isFront }).count != 1 || layers.last?.isFront != true {
            violations.append("1: front \(all.map { $0.isFront })")
        }
        let ids = all.map { $0.frame.identity.rawValue }
        if ids != ids.sorted() || Set(ids).count != ids.count { violations.append("2: identities \(ids)") }
        if let front = layers.last, atEnd, front.opacity != 1 || front.offsetX != 0 || front.offsetY != 0 {
            violations.append("4: front at its end drawn \(front.opacity), \(front.offsetX), \(front.offsetY)")
        }
        if layers.count == 1, let only = layers.first,
            !atEnd || only.opacity != 1 || only.offsetX != 0 || only.offsetY != 0
        {
            violations.append("3: one layer, at end \(atEnd), drawn \(only.opacity), \(only.offsetX), \(only.offsetY)")
        }
        if Set(all.map { $0.id }).count != all.count { violations.append("5: view identities \(all.map { $0.id })") }
        return violations
    }
}
