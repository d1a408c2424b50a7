#if os(Linux)
import AppFlow
import AppFlowUIKit
import Foundation
import UIKitStandIn

/// One call a recording object received: its name and the call, as `host.addChild(b)`.
struct RecordedCall: Hashable, CustomStringConvertible {
    let receiver: String
    let call: String

    var description: String { "\(receiver).\(call)" }
}

/// The calls the recording objects of one test received, in order. Each test has its own,
/// so tests running in parallel never see each other's calls, and the record comes from
/// the objects' own overrides: it is the same against the stand-in and against UIKit.
@MainActor
final class CallRecorder {
    private(set) var records: [RecordedCall] = []

    func record(_ receiver: String, _ call: String) {
        records.append(RecordedCall(receiver: receiver, call: call))
    }
}

/// A name for `controller` in a record: its `title`.
@MainActor
func recordName(_ controller: UIViewController?) -> String {
    controller.map { $0.title ?? "UIViewController" } ?? "nil"
}

/// A view that records `addSubview(_:)` and `removeFromSuperview()` in its recorder, and
/// every value its `alpha` and `frame` took.
@MainActor
final class RecordingView: UIView {
    let name: String
    let recorder: CallRecorder
    /// Every value set to `alpha`, oldest first.
    private(set) var alphas: [CGFloat] = []
    /// Every value set to `frame`, oldest first.
    private(set) var frames: [CGRect] = []

    override var alpha: CGFloat {
        didSet { alphas.append(alpha) }
    }

    override var frame: CGRect {
        didSet { frames.append(frame) }
    }

    /// Records a change, as `a.view.isHidden = true`.
    override var isHidden: Bool {
        didSet {
            if isHidden != oldValue { recorder.record(name, "isHidden = \(isHidden)") }
        }
    }

    init(name: String, recorder: CallRecorder) {
        self.name = name
        self.recorder = recorder
        super.init(frame: .zero)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("made in code") }

    override func addSubview(_ view: UIView) {
        recorder.record(name, "addSubview(\((view as? RecordingView)?.name ?? "UIView"))")
        super.addSubview(view)
    }

    override func removeFromSuperview() {
        recorder.record(name, "removeFromSuperview()")
        super.removeFromSuperview()
    }
}

/// What every recording view controller records: containment, appearance, preference
/// updates and VoiceOver announcements, each override recording before it calls `super`.
/// One value per controller, so that the four recording classes share the code.
@MainActor
struct ControllerRecording {
    let name: String
    let recorder: CallRecorder

    func addChild(_ child: UIViewController) { recorder.record(name, "addChild(\(recordName(child)))") }
    func removeFromParent() { recorder.record(name, "removeFromParent()") }
    func willMove(_ parent: UIViewController?) { recorder.record(name, "willMove(toParent: \(recordName(parent)))") }
    func didMove(_ parent: UIViewController?) { recorder.record(name, "didMove(toParent: \(recordName(parent)))") }
    func appearance(_ method: String, _ animated: Bool) { recorder.record(name, "\(method)(\(animated))") }
    func view() -> RecordingView { RecordingView(name: "\(name).view", recorder: recorder) }
    /// A host's `setNeeds…Update()` naming the child whose preference UIKit reads next.
    func preferencesUpdate(_ method: String, _ child: UIViewController?) {
        recorder.record(name, "\(method)() with \(recordName(child))")
    }
}

/// A child view controller that records its calls, with the orientations it supports.
@MainActor
final class RecordingViewController: UIViewController {
    let recording: ControllerRecording
    /// What ``supportedInterfaceOrientations`` returns.
    var orientations = defaultOrientations
    /// Every orientation but upside down, UIKit's default on a phone.
    nonisolated static let defaultOrientations: UIInterfaceOrientationMask = .allButUpsideDown

    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { orientations }

    init(name: String, recorder: CallRecorder) {
        recording = ControllerRecording(name: name, recorder: recorder)
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("made in code") }

    override func loadView() { view = recording.view() }
    override func addChild(_ childController: UIViewController) {
        recording.addChild(childController)
        super.addChild(childController)
    }
    override func removeFromParent() {
        recording.removeFromParent()
        super.removeFromParent()
    }
    override func willMove(toParent parent: UIViewController?) {
        recording.willMove(parent)
        super.willMove(toParent: parent)
    }
    override func didMove(toParent parent: UIViewController?) {
        recording.didMove(parent)
        super.didMove(toParent: parent)
    }
    override func viewWillAppear(_ animated: Bool) {
        recording.appearance("viewWillAppear", animated)
        super.viewWillAppear(animated)
    }
    override func viewDidAppear(_ animated: Bool) {
        recording.appearance("viewDidAppear", animated)
        super.viewDidAppear(animated)
    }
    override func viewWillDisappear(_ animated: Bool) {
        recording.appearance("viewWillDisappear", animated)
        super.viewWillDisappear(animated)
    }
    override func viewDidDisappear(_ animated: Bool) {
        recording.appearance("viewDidDisappear", animated)
        super.viewDidDisappear(animated)
    }
}

/// A window that records `rootViewController` and `makeKeyAndVisible()`.
@MainActor
final class RecordingWindow: UIWindow {
    var recorder: CallRecorder?

    override var rootViewController: UIViewController? {
        didSet { recorder?.record("window", "rootViewController = \(recordName(rootViewController))") }
    }

    override func makeKeyAndVisible() {
        recorder?.record("window", "makeKeyAndVisible()")
        super.makeKeyAndVisible()
    }
}
#endif
