#if os(Linux)
import AppFlow
import AppFlowTesting
import AppFlowUIKit
import Foundation
import Testing
import UIKitStandIn

/// The UIKit objects of one test, named with a prefix of their own: tests run in
/// parallel and share `UIKitCallLog.shared`, so each reads only the calls its own objects
/// received.
@MainActor
final class Scene {
    private static var scenes = 0
    private var numbers: [String: Int] = [:]
    /// The prefix of every name in this scene.
    let prefix: String

    init() {
        Self.scenes += 1
        prefix = "scene\(Self.scenes)/"
    }

    /// A plain view controller named `name`.
    func screen(_ name: String) -> UIViewController {
        named(UIViewController(), name)
    }

    /// A plain view controller named `base` and its number: `in1`, `in2`…
    func numberedScreen(_ base: String) -> UIViewController {
        numbers[base, default: 0] += 1
        return screen("\(base)\(numbers[base, default: 0])")
    }

    /// `controller`, named `name`.
    func named<Controller: UIViewController>(_ controller: Controller, _ name: String) -> Controller {
        controller.title = prefix + name
        return controller
    }

    /// The name `controller` has in this scene's calls.
    func name(of controller: UIViewController) -> String {
        (controller.title ?? "").replacingOccurrences(of: prefix, with: "")
    }

    /// Installs `host` in a new 320 × 480 window named `window`, and returns the window.
    func install(_ host: FlowHostViewController) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.accessibilityIdentifier = prefix + "window"
        host.installRootViewController(in: window)
        return window
    }

    /// This scene's calls, oldest first, without the prefix: `host.addChild(b)`.
    var records: [UIKitCall] {
        UIKitCallLog.shared.calls.filter { $0.receiver.hasPrefix(prefix) }.map {
            UIKitCall(
                receiver: $0.receiver.replacingOccurrences(of: prefix, with: ""),
                call: $0.call.replacingOccurrences(of: prefix, with: "")
            )
        }
    }

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

    /// The breaks of the appearance rules in this scene's calls: a controller appears
    /// twice, or disappears while not shown, or gets a
    /// `beginAppearanceTransition` while one is open, or an `endAppearanceTransition` with
    /// none open, or, when `atRest`, still has one open.
    func appearanceViolations(atRest: Bool = true) -> [String] {
        var open: [String: String] = [:]
        var appearing: [String: Bool] = [:]
        var violations: [String] = []
        for record in records {
            if record.call.hasPrefix("beginAppearanceTransition") {
                if let earlier = open[record.receiver] {
                    violations.append("\(record) while \(earlier) is open")
                }
                open[record.receiver] = record.description
                // Appearing and disappearing alternate, starting with an appearance.
                let isAppearing = record.call.hasPrefix("beginAppearanceTransition(true")
                if appearing[record.receiver, default: false] == isAppearing {
                    violations.append("\(record): \(isAppearing ? "appears again" : "disappears while not shown")")
                }
                appearing[record.receiver] = isAppearing
            } else if record.call == "endAppearanceTransition()" {
                if open.removeValue(forKey: record.receiver) == nil {
                    violations.append("\(record) with no transition open")
                }
            }
        }
        if atRest {
            violations += open.values.sorted().map { "\($0) never ended" }
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

/// The calls a host named `host` makes for one transition from `from` to `to`, in order.
func containmentCalls(host: String, from: String, to: String, animated: Bool) -> [String] {
    [
        "\(from).willMove(toParent: nil)",
        "\(host).addChild(\(to))",
        "\(to).willMove(toParent: \(host))",
        "\(from).beginAppearanceTransition(false, animated: \(animated))",
        "\(to).beginAppearanceTransition(true, animated: \(animated))",
        "\(host).view.addSubview(\(to).view)",
        "\(from).view.removeFromSuperview()",
        "\(from).endAppearanceTransition()",
        "\(to).endAppearanceTransition()",
        "\(from).removeFromParent()",
        "\(from).didMove(toParent: nil)",
        "\(to).didMove(toParent: \(host))",
    ]
}

/// The calls of a host named `host` for transitions through `shown`, one after another.
func containmentCalls(host: String, through shown: [String], animated: Bool) -> [String] {
    zip(shown, shown.dropFirst()).flatMap { containmentCalls(host: host, from: $0, to: $1, animated: animated) }
}

/// Expects `host` at rest showing `child`: one child, one subview, full alpha, its bounds.
@MainActor
func expectAtRest(
    _ host: UIViewController,
    showing child: UIViewController,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(host.children.count == 1, sourceLocation: sourceLocation)
    #expect(host.children.first === child, sourceLocation: sourceLocation)
    #expect(child.parent === host, sourceLocation: sourceLocation)
    #expect(host.view.subviews.count == 1, sourceLocation: sourceLocation)
    #expect(child.view.superview === host.view, sourceLocation: sourceLocation)
    #expect(child.view.alpha == 1, sourceLocation: sourceLocation)
    #expect(child.view.frame == host.view.bounds, sourceLocation: sourceLocation)
}

/// Expects `child` out of every hierarchy: no parent, its view in no superview.
@MainActor
func expectRemoved(_ child: UIViewController, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(child.parent == nil, sourceLocation: sourceLocation)
    #expect(child.view.superview == nil, sourceLocation: sourceLocation)
}
#endif
