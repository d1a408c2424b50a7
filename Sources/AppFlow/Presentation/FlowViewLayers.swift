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
/// Invariants, checked by ``invariantViolations(reduceMotion:)`` after every step in the
/// tests:
/// 1. There is always one frame in front, the newest, and it is the last layer.
/// 2. Identities grow from back to front.
/// 3. One layer only when settled, and then it is opaque and in place.
/// 4. At its end values, the front layer is opaque and in place.
struct FlowViewLayers<Child> {
    /// A frame on screen, and the switch that covered it, if one did.
    private struct Entry {
        let frame: FlowViewFrame<Child>
        /// The animation of the switch that put the next frame in front of this one.
        var coveredBy: TransitionAnimation?
    }

    /// The frames on screen, back to front; never empty.
    private var entries: [Entry]
    /// Whether the newest switch is at its end values (the view animates it, or it settled).
    private(set) var atEnd = true

    init(initial frame: FlowViewFrame<Child>) {
        entries = [Entry(frame: frame)]
    }

    /// The newest frame, in front.
    var front: FlowViewFrame<Child> { entries[entries.count - 1].frame }
    /// How many frames are on screen.
    var count: Int { entries.count }

    /// A new frame was mounted: it comes in front, at its start values; a switch SwiftUI
    /// does not animate settles at once.
    mutating func mounted(_ frame: FlowViewFrame<Child>) {
        entries[entries.count - 1].coveredBy = frame.animation
        entries.append(Entry(frame: frame))
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
        entries = [Entry(frame: front)]
        atEnd = true
    }

    /// The layers, back to front, with Reduce Motion on or off.
    func layers(reduceMotion: Bool) -> [FlowViewLayer<Child>] {
        entries.indices.map { index in
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
        let layers = layers(reduceMotion: reduceMotion)
        if layers.isEmpty || layers.filter(\.isFront).count != 1 || layers.last?.isFront != true {
            violations.append("1: front \(layers.map(\.isFront))")
        }
        let ids = layers.map(\.id.rawValue)
        if ids != ids.sorted() || Set(ids).count != ids.count { violations.append("2: identities \(ids)") }
        if let front = layers.last, atEnd, front.opacity != 1 || front.offsetX != 0 || front.offsetY != 0 {
            violations.append("4: front at its end drawn \(front.opacity), \(front.offsetX), \(front.offsetY)")
        }
        if layers.count == 1, let only = layers.first,
            !atEnd || only.opacity != 1 || only.offsetX != 0 || only.offsetY != 0
        {
            violations.append("3: one layer, at end \(atEnd), drawn \(only.opacity), \(only.offsetX), \(only.offsetY)")
        }
        return violations
    }
}
