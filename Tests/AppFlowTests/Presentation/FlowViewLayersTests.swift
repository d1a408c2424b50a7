import AppFlow
import AppFlowTesting
import Testing

@testable import AppFlow

/// `FlowViewLayers`, what `FlowView` draws: for every animation, with and without Reduce
/// Motion, the outgoing and the incoming child's values at the start and at the end of a
/// switch (a literal table), after an interruption, and when a switch settles; and a
/// random walk over every input with the invariants checked after every step.
@Suite struct FlowViewLayersTests {
    typealias Layers = FlowViewLayers<String>

    /// A frame of `child`, with identity `id`, brought by `animation`.
    static func frame(_ child: String, _ id: UInt64, _ animation: TransitionAnimation) -> FlowViewFrame<String> {
        FlowViewFrame(
            child: child,
            identity: FlowViewIdentity(rawValue: id),
            animation: animation,
            transition: TransitionID(rawValue: id)
        )
    }

    /// `layers` as text: `child opacity x y`, back to front, the front one marked `*`.
    static func describe(_ layers: [FlowViewLayer<String>]) -> String {
        layers.map { layer in
            func number(_ value: Double) -> String { value == value.rounded() ? "\(Int(value))" : "\(value)" }
            let front = layer.isFront ? "*" : ""
            let values = [layer.opacity, layer.offsetX, layer.offsetY].map(number)
            return "\(layer.frame.child)\(front) " + values.joined(separator: " ")
        }.joined(separator: " | ")
    }

    static let animations: [(String, TransitionAnimation)] = [
        ("immediate", .immediate),
        ("fade", .fade()),
        ("crossDissolve", .crossDissolve()),
        ("slide leading", .slide(from: .leading)),
        ("slide trailing", .slide(from: .trailing)),
        ("slide top", .slide(from: .top)),
        ("slide bottom", .slide(from: .bottom)),
        ("custom", .custom(name: "zoom", duration: nil) { (_: String, _: String, _) in }),
    ]

    /// Each animation's switch from `a` to `b`: `start ⇒ end`, without and with Reduce
    /// Motion. An immediate switch settles at once, so start and end are the same.
    static let table: [String: (plain: String, reduceMotion: String)] = [
        "immediate": ("b* 1 0 0 ⇒ b* 1 0 0", "b* 1 0 0 ⇒ b* 1 0 0"),
        "fade": ("a 1 0 0 | b* 0 0 0 ⇒ a 1 0 0 | b* 1 0 0", "a 1 0 0 | b* 0 0 0 ⇒ a 1 0 0 | b* 1 0 0"),
        "crossDissolve": ("a 1 0 0 | b* 0 0 0 ⇒ a 0 0 0 | b* 1 0 0", "a 1 0 0 | b* 0 0 0 ⇒ a 0 0 0 | b* 1 0 0"),
        "slide leading": ("a 1 0 0 | b* 1 -1 0 ⇒ a 1 0 0 | b* 1 0 0", "a 1 0 0 | b* 0 0 0 ⇒ a 0 0 0 | b* 1 0 0"),
        "slide trailing": ("a 1 0 0 | b* 1 1 0 ⇒ a 1 0 0 | b* 1 0 0", "a 1 0 0 | b* 0 0 0 ⇒ a 0 0 0 | b* 1 0 0"),
        "slide top": ("a 1 0 0 | b* 1 0 -1 ⇒ a 1 0 0 | b* 1 0 0", "a 1 0 0 | b* 0 0 0 ⇒ a 0 0 0 | b* 1 0 0"),
        "slide bottom": ("a 1 0 0 | b* 1 0 1 ⇒ a 1 0 0 | b* 1 0 0", "a 1 0 0 | b* 0 0 0 ⇒ a 0 0 0 | b* 1 0 0"),
        "custom": ("a 1 0 0 | b* 0 0 0 ⇒ a 0 0 0 | b* 1 0 0", "a 1 0 0 | b* 0 0 0 ⇒ a 0 0 0 | b* 1 0 0"),
    ]

    @Test(arguments: animations.map(\.0))
    func eachAnimationDrawsBothChildrenFromItsStartToItsEndValues(_ name: String) throws {
        let animation = try #require(Self.animations.first { $0.0 == name }?.1)
        let expected = try #require(Self.table[name])
        for reduceMotion in [false, true] {
            var layers = Layers(initial: Self.frame("a", 0, .immediate))
            layers.mounted(Self.frame("b", 1, animation))
            let start = Self.describe(layers.layers(reduceMotion: reduceMotion))
            #expect(layers.invariantViolations(reduceMotion: reduceMotion).isEmpty)
            layers.viewAnimating(FlowViewIdentity(rawValue: 1))
            let end = Self.describe(layers.layers(reduceMotion: reduceMotion))
            #expect(layers.invariantViolations(reduceMotion: reduceMotion).isEmpty)
            #expect("\(start) ⇒ \(end)" == (reduceMotion ? expected.reduceMotion : expected.plain), "\(name)")
        }
    }

    @Test func aSwitchThatInterruptsAnotherKeepsEveryChildUntilItSettles() {
        var layers = Layers(initial: Self.frame("a", 0, .immediate))
        layers.mounted(Self.frame("b", 1, .fade()))
        layers.viewAnimating(FlowViewIdentity(rawValue: 1))
        // b is fading in over a when c cuts in: b becomes the outgoing child from wherever
        // its fade is (its target stays opaque, so SwiftUI does not snap it), a stays
        // behind, opaque, so nothing behind the view shows through b.
        layers.mounted(Self.frame("c", 2, .crossDissolve()))
        #expect(Self.describe(layers.layers(reduceMotion: false)) == "a 1 0 0 | b 1 0 0 | c* 0 0 0")
        layers.viewAnimating(FlowViewIdentity(rawValue: 2))
        #expect(Self.describe(layers.layers(reduceMotion: false)) == "a 1 0 0 | b 0 0 0 | c* 1 0 0")
        layers.settled(FlowViewIdentity(rawValue: 1))
        #expect(layers.count == 3, "the end of an older switch settles nothing")
        layers.settled(FlowViewIdentity(rawValue: 2))
        #expect(Self.describe(layers.layers(reduceMotion: false)) == "c* 1 0 0")
        #expect(layers.invariantViolations(reduceMotion: false).isEmpty)
    }

    @Test func aReportForAnOlderFrameMovesNothing() {
        var layers = Layers(initial: Self.frame("a", 0, .immediate))
        layers.mounted(Self.frame("b", 1, .fade()))
        layers.mounted(Self.frame("c", 2, .fade()))
        layers.viewAnimating(FlowViewIdentity(rawValue: 1))
        #expect(!layers.atEnd)
        #expect(Self.describe(layers.layers(reduceMotion: false)) == "a 1 0 0 | b 1 0 0 | c* 0 0 0")
    }

    /// The view identities of the layers, back to front.
    static func views(_ layers: Layers) -> [UInt64] {
        layers.layers(reduceMotion: false).map(\.id.rawValue)
    }

    @Test func aCoverKeepsTheFrameBehindItHidden_AndAReturnDrawsItWithItsViewIdentity() {
        var layers = Layers(initial: Self.frame("a", 0, .immediate))
        layers.mounted(Self.frame("cover", 1, .fade()), relation: .covers)
        // During the switch, a leaves as any outgoing child does: drawn once.
        #expect(Self.describe(layers.layers(reduceMotion: false)) == "a 1 0 0 | cover* 0 0 0")
        layers.viewAnimating(FlowViewIdentity(rawValue: 1))
        layers.settled(FlowViewIdentity(rawValue: 1))
        // Settled, a stays under the cover: transparent, behind, not in front.
        #expect(Self.describe(layers.layers(reduceMotion: false)) == "a 0 0 0 | cover* 1 0 0")
        #expect(Self.views(layers) == [0, 1])
        #expect(layers.invariantViolations(reduceMotion: false).isEmpty)
        // The uncover shows a again: a new frame, drawn as a's view.
        layers.mounted(Self.frame("a", 2, .immediate), relation: .returns)
        #expect(Self.describe(layers.layers(reduceMotion: false)) == "a* 1 0 0")
        #expect(Self.views(layers) == [0] && layers.front.identity.rawValue == 2)
        #expect(layers.keptChild == nil)
        #expect(layers.invariantViolations(reduceMotion: false).isEmpty)
    }

    @Test func anUncoverBeforeTheCoverSettledDrawsTheKeptViewOnceInFront() {
        var layers = Layers(initial: Self.frame("a", 0, .immediate))
        layers.mounted(Self.frame("cover", 1, .fade()), relation: .covers)
        layers.mounted(Self.frame("a", 2, .fade()), relation: .returns)
        #expect(Self.describe(layers.layers(reduceMotion: false)) == "cover 1 0 0 | a* 0 0 0")
        #expect(Self.views(layers) == [1, 0])
        #expect(layers.invariantViolations(reduceMotion: false).isEmpty)
    }

    @Test func aCoverOverACoverKeepsTheFirstKeptFrame_AndAnyOtherSwitchEndsIt() {
        var layers = Layers(initial: Self.frame("a", 0, .immediate))
        layers.mounted(Self.frame("lock", 1, .immediate), relation: .covers)
        layers.mounted(Self.frame("cover", 2, .immediate), relation: .covers)
        #expect(Self.describe(layers.layers(reduceMotion: false)) == "a 0 0 0 | cover* 1 0 0")
        #expect(layers.keptChild == "a")
        layers.mounted(Self.frame("login", 3, .immediate), relation: .replaces)
        #expect(Self.describe(layers.layers(reduceMotion: false)) == "login* 1 0 0")
        #expect(layers.keptChild == nil)
        // A return with nothing kept is a new view.
        layers.mounted(Self.frame("a", 4, .immediate), relation: .returns)
        #expect(Self.views(layers) == [4])
    }

    /// Random walks over every input, the invariants checked after every step, and the
    /// front always the newest frame.
    @Test func randomWalksKeepTheInvariants() {
        var generator = SeededGenerator(seed: 39)
        for _ in 0..<200 {
            var layers = Layers(initial: Self.frame("f0", 0, .immediate))
            var newest: UInt64 = 0
            for _ in 0..<30 {
                let identity = FlowViewIdentity(rawValue: UInt64.random(in: 0...(newest + 1), using: &generator))
                switch Int.random(in: 0..<3, using: &generator) {
                case 0:
                    newest += 1
                    let animation = Self.animations.randomElement(using: &generator)!.1
                    let relation = ([.replaces, .covers, .returns] as [Layers.Relation]).randomElement(
                        using: &generator
                    )!
                    layers.mounted(Self.frame("f\(newest)", newest, animation), relation: relation)
                case 1: layers.viewAnimating(identity)
                default: layers.settled(identity)
                }
                for reduceMotion in [false, true] {
                    #expect(layers.invariantViolations(reduceMotion: reduceMotion) == [])
                }
                #expect(layers.front.identity.rawValue == newest)
            }
        }
    }
}
