#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowUIKit
import Foundation
import Testing
import UIKitStandIn

/// The UIKit objects of one test, recording into one ``CallRecorder`` of their own.
///
/// Every file of this target is Linux only: the tests drive UIKitStandIn through handles
/// UIKit does not have (a `UIWindowScene` made by hand, Reduce Motion set by the test, the
/// record of VoiceOver posts), so they cannot compile against Apple's UIKit, as the Apple
/// type-check's stand-ins show (`.ci/apple-stand-ins`).
@MainActor
final class Scene {
    let recorder = CallRecorder()
    /// The window scene of this test's windows: UIKit shows no window without one.
    let windowScene = UIWindowScene(screenBounds: CGRect(x: 0, y: 0, width: 320, height: 480))
    private var numbers: [String: Int] = [:]

    /// A recording view controller named `name`.
    func screen(_ name: String) -> RecordingViewController {
        RecordingViewController(name: name, recorder: recorder)
    }

    /// A recording view controller named `base` and its number: `in1`, `in2`…
    func numberedScreen(_ base: String) -> RecordingViewController {
        numbers[base, default: 0] += 1
        return screen("\(base)\(numbers[base, default: 0])")
    }

    /// A recording `FlowContainerViewController` of `initial`, without a watchdog.
    func containerHost(
        _ name: String = "host",
        initial: UIViewController,
        animation: TransitionAnimation = .immediate,
        clock: any Clock<Duration> = ManualClock()
    ) -> RecordingContainerHost {
        RecordingContainerHost(
            name: name,
            recorder: recorder,
            initial: initial,
            animation: animation,
            clock: clock,
            watchdogMargin: nil
        )
    }

    /// A recording `AuthFlowViewController` of `provider`.
    func authHost<Provider: AuthFlowProvider>(
        _ name: String = "host",
        provider: Provider,
        splash: UIViewController,
        clock: any Clock<Duration> = ContinuousClock()
    ) -> RecordingAuthHost<Provider> where Provider.Child == UIViewController {
        RecordingAuthHost(name: name, recorder: recorder, provider: provider, splash: splash, clock: clock)
    }

    /// The name `controller` has in this scene's calls.
    func name(of controller: UIViewController) -> String {
        recordName(controller)
    }

    /// Installs `host` in a new 320 × 480 window named `window`, and returns the window
    /// once the host's `viewDidAppear(_:)` came (on a later turn of the main actor).
    func install(_ host: FlowHostViewController) async -> UIWindow {
        let window = RecordingWindow(windowScene: windowScene)
        window.recorder = recorder
        host.installRootViewController(in: window)
        let appeared = "\(recordName(host)).viewDidAppear(false)"
        #expect(await eventually { self.calls.contains(appeared) }, "\(appeared) never came")
        return window
    }

    /// This scene's calls, oldest first.
    var records: [RecordedCall] { recorder.records }

    /// This scene's calls, as `host.addChild(b)`.
    var calls: [String] { records.map(\.description) }

    /// This scene's calls after the first `mark`.
    func calls(since mark: Int) -> [String] {
        Array(calls.dropFirst(mark))
    }

    /// The calls received by the controller named `name` and by its view.
    func calls(of name: String) -> [String] {
        records.filter { $0.receiver == name || $0.receiver == "\(name).view" }.map(\.description)
    }

    /// The breaks of the appearance rules in this scene's calls: a controller's
    /// `viewWill…` while an earlier one has no `viewDid…`, a `viewDid…` with no `viewWill…`
    /// of the same direction, a controller appearing twice or disappearing while not
    /// shown, or, when `atRest`, a `viewWill…` never followed by its `viewDid…`.
    func appearanceViolations(atRest: Bool = true) -> [String] {
        var open: [String: RecordedCall] = [:]
        var appearing: [String: Bool] = [:]
        var violations: [String] = []
        for record in records {
            let call = record.call
            if call.hasPrefix("viewWillAppear") || call.hasPrefix("viewWillDisappear") {
                if let earlier = open[record.receiver] {
                    violations.append("\(record) while \(earlier) is open")
                }
                open[record.receiver] = record
                // Appearing and disappearing alternate, starting with an appearance.
                let isAppearing = call.hasPrefix("viewWillAppear")
                if appearing[record.receiver, default: false] == isAppearing {
                    violations.append("\(record): \(isAppearing ? "appears again" : "disappears while not shown")")
                }
                appearing[record.receiver] = isAppearing
            } else if call.hasPrefix("viewDidAppear") || call.hasPrefix("viewDidDisappear") {
                let direction = call.hasPrefix("viewDidAppear") ? "viewWillAppear" : "viewWillDisappear"
                guard let begun = open.removeValue(forKey: record.receiver), begun.call.hasPrefix(direction) else {
                    violations.append("\(record) with no \(direction) open")
                    continue
                }
            }
        }
        if atRest {
            violations += open.values.map { "\($0) never ended" }.sorted()
        }
        return violations
    }

    /// The breaks of the hierarchy rule in the calls `host` received: a child's view is in
    /// the host's view only while the child is the host's child, and the host has at most
    /// two children (one at rest, two during a transition).
    func hierarchyViolations(host: String) -> [String] {
        var contained: Set<String> = []
        var shown: Set<String> = []
        var violations: [String] = []
        for record in records {
            let call = record.description
            if record.receiver == host, let child = Self.argument(of: record.call, "addChild") {
                contained.insert(child)
                if contained.count > 2 { violations.append("\(call): \(contained.count) children") }
            } else if record.receiver == "\(host).view", let view = Self.argument(of: record.call, "addSubview") {
                let child = String(view.dropLast(".view".count))
                if !contained.contains(child) { violations.append("\(call) before \(host).addChild(\(child))") }
                shown.insert(child)
            } else if record.call == "removeFromSuperview()", record.receiver.hasSuffix(".view") {
                shown.remove(String(record.receiver.dropLast(".view".count)))
            } else if record.call == "removeFromParent()", contained.remove(record.receiver) != nil {
                if shown.contains(record.receiver) { violations.append("\(call) while its view is shown") }
            }
        }
        return violations
    }

    /// The view controllers `host` added, in order, from this scene's calls.
    func childrenAdded(by host: String, since mark: Int = 0) -> [String] {
        records.dropFirst(mark).filter { $0.receiver == host }.compactMap { Self.argument(of: $0.call, "addChild") }
    }

    private static func argument(of call: String, _ method: String) -> String? {
        guard call.hasPrefix("\(method)("), call.hasSuffix(")") else { return nil }
        return String(call.dropFirst(method.count + 1).dropLast())
    }
}

/// The calls a host named `host` makes for one transition from `from` to `to`, in order;
/// `onScreen` when the host is in a window, so that it announces the new screen, and
/// `leavesSession` when the switch takes a logged-in session off the screen, so that the
/// outgoing view is hidden before anything else. The children support every orientation
/// but upside down (the default of ``RecordingViewController``).
func containmentCalls(
    host: String,
    from: String,
    to: String,
    animated: Bool,
    onScreen: Bool = true,
    leavesSession: Bool = false
) -> [String] {
    let orientations = RecordingViewController.defaultOrientations.rawValue
    return (leavesSession ? ["\(from).view.isHidden = true"] : []) + [
        "\(from).willMove(toParent: nil)",
        "\(host).addChild(\(to))",
        "\(to).willMove(toParent: \(host))",
        "\(from).viewWillDisappear(\(animated))",
        "\(to).viewWillAppear(\(animated))",
        "\(host).view.addSubview(\(to).view)",
        "\(host).setNeedsStatusBarAppearanceUpdate() with \(to)",
        "\(host).setNeedsUpdateOfHomeIndicatorAutoHidden() with \(to)",
        "\(host).setNeedsUpdateOfScreenEdgesDeferringSystemGestures() with \(to)",
        "\(host).setNeedsUpdateOfSupportedInterfaceOrientations() with \(orientations)",
        "\(from).view.removeFromSuperview()",
    ] + (leavesSession ? ["\(from).view.isHidden = false"] : []) + [
        "\(from).viewDidDisappear(\(animated))",
        "\(to).viewDidAppear(\(animated))",
        "\(from).removeFromParent()",
        "\(from).didMove(toParent: nil)",
        "\(to).didMove(toParent: \(host))",
    ] + (onScreen ? ["\(host).announceScreenChange(to: \(to))"] : [])
}

/// The calls of a host named `host` for transitions through `shown`, one after another;
/// a switch from a child whose name starts with `in(` (a logged-in child of the tests'
/// providers) to one whose name does not leaves the session.
func containmentCalls(host: String, through shown: [String], animated: Bool) -> [String] {
    zip(shown, shown.dropFirst()).flatMap { from, to in
        let leaves = from.hasPrefix("in(") && !to.hasPrefix("in(")
        return containmentCalls(host: host, from: from, to: to, animated: animated, leavesSession: leaves)
    }
}

/// Expects `host` at rest showing `child`: one child, one subview, full alpha, visible,
/// at its bounds, taking touches.
@MainActor
func expectAtRest(
    _ host: FlowHostViewController,
    showing child: UIViewController,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(host.children.count == 1, sourceLocation: sourceLocation)
    #expect(host.children.first === child, sourceLocation: sourceLocation)
    #expect(child.parent === host, sourceLocation: sourceLocation)
    #expect(host.view.subviews.count == 1, sourceLocation: sourceLocation)
    #expect(child.view.superview === host.view, sourceLocation: sourceLocation)
    #expect(child.view.alpha == 1, sourceLocation: sourceLocation)
    #expect(!child.view.isHidden, sourceLocation: sourceLocation)
    #expect(!child.view.accessibilityElementsHidden, sourceLocation: sourceLocation)
    #expect(child.view.frame == host.view.bounds, sourceLocation: sourceLocation)
    #expect(host.view.isUserInteractionEnabled, sourceLocation: sourceLocation)
    #expect(host.transitionAnimator == nil, sourceLocation: sourceLocation)
    #expect(host.childForStatusBarStyle === child, sourceLocation: sourceLocation)
}

/// A plain window of a new window scene: UIKit shows no window without a scene. The
/// window holds its scene weakly: keep the scene for as long as the window is used.
@MainActor
func sceneWindow() -> (window: UIWindow, scene: UIWindowScene) {
    let scene = UIWindowScene(screenBounds: CGRect(x: 0, y: 0, width: 320, height: 480))
    return (UIWindow(windowScene: scene), scene)
}

/// The window a host shows covers in, above `window` in its scene, while it is shown.
@MainActor
func coverWindow(over window: UIWindow) -> UIWindow? {
    window.windowScene?.windows.last {
        $0 !== window && $0.windowLevel.rawValue > window.windowLevel.rawValue && !$0.isHidden
    }
}

/// The cover shown above `window`, if any: the child of the cover window's root.
@MainActor
func coverShown(over window: UIWindow) -> UIViewController? {
    coverWindow(over: window)?.rootViewController?.children.last
}

/// Expects `child` out of every hierarchy, ready to be shown again: no parent, its view
/// in no superview, opaque and visible.
@MainActor
func expectRemoved(_ child: UIViewController, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(child.parent == nil, sourceLocation: sourceLocation)
    #expect(child.view.superview == nil, sourceLocation: sourceLocation)
    #expect(child.view.alpha == 1 && !child.view.isHidden, sourceLocation: sourceLocation)
    #expect(!child.view.accessibilityElementsHidden, sourceLocation: sourceLocation)
}
#endif
