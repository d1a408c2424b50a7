#if os(Linux)
import AppFlow
import AppFlowUIKit
import Foundation
import UIKitStandIn

// The hosts of the tests, recording their calls through their own overrides as
// `RecordingViewController` does, plus the preference updates and VoiceOver announcements
// they make. Only the container host is ever a child (of another host), so only it
// records a child's calls.

/// A `FlowContainerViewController` that records its calls.
@MainActor
final class RecordingContainerHost: FlowContainerViewController {
    let recording: ControllerRecording

    init(
        name: String,
        recorder: CallRecorder,
        initial: UIViewController,
        animation: TransitionAnimation,
        clock: any Clock<Duration>,
        watchdogMargin: Duration?
    ) {
        recording = ControllerRecording(name: name, recorder: recorder)
        super.init(initial: initial, animation: animation, clock: clock, watchdogMargin: watchdogMargin)
        title = name
    }

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
    override func setNeedsStatusBarAppearanceUpdate() {
        recording.preferencesUpdate("setNeedsStatusBarAppearanceUpdate", childForStatusBarStyle)
        super.setNeedsStatusBarAppearanceUpdate()
    }
    override func setNeedsUpdateOfHomeIndicatorAutoHidden() {
        recording.preferencesUpdate("setNeedsUpdateOfHomeIndicatorAutoHidden", childForHomeIndicatorAutoHidden)
        super.setNeedsUpdateOfHomeIndicatorAutoHidden()
    }
    override func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {
        recording.preferencesUpdate(
            "setNeedsUpdateOfScreenEdgesDeferringSystemGestures",
            childForScreenEdgesDeferringSystemGestures
        )
        super.setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
    }
    override func setNeedsUpdateOfSupportedInterfaceOrientations() {
        recording.recorder.record(
            recording.name,
            "setNeedsUpdateOfSupportedInterfaceOrientations() with \(supportedInterfaceOrientations.rawValue)"
        )
        super.setNeedsUpdateOfSupportedInterfaceOrientations()
    }
    override func announceScreenChange(to child: UIViewController) {
        recording.recorder.record(recording.name, "announceScreenChange(to: \(recordName(child)))")
        super.announceScreenChange(to: child)
    }
}

/// An `AuthFlowViewController` that records its calls.
@MainActor
final class RecordingAuthHost<Provider: AuthFlowProvider>: AuthFlowViewController<Provider>
where Provider.Child == UIViewController {
    let recording: ControllerRecording

    init(name: String, recorder: CallRecorder, provider: Provider, splash: UIViewController, clock: any Clock<Duration>)
    {
        recording = ControllerRecording(name: name, recorder: recorder)
        super.init(provider: provider, splash: splash, clock: clock)
        title = name
    }

    override func loadView() { view = recording.view() }
    override func addChild(_ childController: UIViewController) {
        recording.addChild(childController)
        super.addChild(childController)
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
    override func setNeedsStatusBarAppearanceUpdate() {
        recording.preferencesUpdate("setNeedsStatusBarAppearanceUpdate", childForStatusBarStyle)
        super.setNeedsStatusBarAppearanceUpdate()
    }
    override func setNeedsUpdateOfHomeIndicatorAutoHidden() {
        recording.preferencesUpdate("setNeedsUpdateOfHomeIndicatorAutoHidden", childForHomeIndicatorAutoHidden)
        super.setNeedsUpdateOfHomeIndicatorAutoHidden()
    }
    override func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {
        recording.preferencesUpdate(
            "setNeedsUpdateOfScreenEdgesDeferringSystemGestures",
            childForScreenEdgesDeferringSystemGestures
        )
        super.setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
    }
    override func setNeedsUpdateOfSupportedInterfaceOrientations() {
        recording.recorder.record(
            recording.name,
            "setNeedsUpdateOfSupportedInterfaceOrientations() with \(supportedInterfaceOrientations.rawValue)"
        )
        super.setNeedsUpdateOfSupportedInterfaceOrientations()
    }
    override func announceScreenChange(to child: UIViewController) {
        recording.recorder.record(recording.name, "announceScreenChange(to: \(recordName(child)))")
        super.announceScreenChange(to: child)
    }
}

/// An `AuthSceneViewController` that records its calls.
@MainActor
final class RecordingSceneHost<Provider: AuthFlowProvider>: AuthSceneViewController<Provider>
where Provider.Child == UIViewController {
    let recording: ControllerRecording

    init(name: String, recorder: CallRecorder, flow: AuthFlow<Provider>, placeholder: UIViewController) {
        recording = ControllerRecording(name: name, recorder: recorder)
        super.init(flow: flow, placeholder: placeholder)
        title = name
    }

    override func loadView() { view = recording.view() }
    override func addChild(_ childController: UIViewController) {
        recording.addChild(childController)
        super.addChild(childController)
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
    override func setNeedsStatusBarAppearanceUpdate() {
        recording.preferencesUpdate("setNeedsStatusBarAppearanceUpdate", childForStatusBarStyle)
        super.setNeedsStatusBarAppearanceUpdate()
    }
    override func setNeedsUpdateOfHomeIndicatorAutoHidden() {
        recording.preferencesUpdate("setNeedsUpdateOfHomeIndicatorAutoHidden", childForHomeIndicatorAutoHidden)
        super.setNeedsUpdateOfHomeIndicatorAutoHidden()
    }
    override func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {
        recording.preferencesUpdate(
            "setNeedsUpdateOfScreenEdgesDeferringSystemGestures",
            childForScreenEdgesDeferringSystemGestures
        )
        super.setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
    }
    override func setNeedsUpdateOfSupportedInterfaceOrientations() {
        recording.recorder.record(
            recording.name,
            "setNeedsUpdateOfSupportedInterfaceOrientations() with \(supportedInterfaceOrientations.rawValue)"
        )
        super.setNeedsUpdateOfSupportedInterfaceOrientations()
    }
    override func announceScreenChange(to child: UIViewController) {
        recording.recorder.record(recording.name, "announceScreenChange(to: \(recordName(child)))")
        super.announceScreenChange(to: child)
    }
}
#endif
