// UIKit's view-controller declarations AppFlow uses. Declarations only; see ../README.md.

/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIViewController: UIResponder, UIFocusEnvironment {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/title
    open var title: String?
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    open var view: UIView!
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/isviewloaded
    @available(iOS 3.0, tvOS 9.0, *)
    open var isViewLoaded: Bool { false }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/loadview()
    open func loadView() {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/loadviewifneeded()
    @available(iOS 9.0, tvOS 9.0, *)
    open func loadViewIfNeeded() {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwillappear(_:)
    open func viewWillAppear(_ animated: Bool) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:)
    open func viewDidAppear(_ animated: Bool) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwilldisappear(_:)
    open func viewWillDisappear(_ animated: Bool) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdiddisappear(_:)
    open func viewDidDisappear(_ animated: Bool) {}

    // MARK: Containment

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/children
    @available(iOS 5.0, tvOS 9.0, *)
    open var children: [UIViewController] { [] }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/parent
    open weak var parent: UIViewController? { nil }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/addchild(_:)
    @available(iOS 5.0, tvOS 9.0, *)
    open func addChild(_ childController: UIViewController) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/removefromparent()
    @available(iOS 5.0, tvOS 9.0, *)
    open func removeFromParent() {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/willmove(toparent:)
    @available(iOS 5.0, tvOS 9.0, *)
    open func willMove(toParent parent: UIViewController?) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/didmove(toparent:)
    @available(iOS 5.0, tvOS 9.0, *)
    open func didMove(toParent parent: UIViewController?) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/shouldautomaticallyforwardappearancemethods
    @available(iOS 6.0, tvOS 9.0, *)
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/beginappearancetransition(_:animated:)
    @available(iOS 5.0, tvOS 9.0, *)
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/endappearancetransition()
    @available(iOS 5.0, tvOS 9.0, *)
    open func endAppearanceTransition() {}

    // MARK: Presentation

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
    @available(iOS 5.0, tvOS 9.0, *)
    open var presentedViewController: UIViewController? { nil }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
    @available(iOS 5.0, tvOS 9.0, *)
    open var presentingViewController: UIViewController? { nil }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle
    @available(iOS 3.2, tvOS 9.0, *)
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    @available(iOS 5.0, tvOS 9.0, *)
    open func present(
        _ viewControllerToPresent: UIViewController,
        animated flag: Bool,
        completion: (() -> Void)? = nil
    ) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
    @available(iOS 5.0, tvOS 9.0, *)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}

    // MARK: Preferences a container forwards (iOS only)

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/preferredstatusbarstyle
    @available(iOS 7.0, *)
    @available(tvOS, unavailable)
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/prefersstatusbarhidden
    @available(iOS 7.0, *)
    @available(tvOS, unavailable)
    open var prefersStatusBarHidden: Bool { false }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/prefershomeindicatorautohidden
    @available(iOS 11.0, *)
    @available(tvOS, unavailable)
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/preferredscreenedgesdeferringsystemgestures
    @available(iOS 11.0, *)
    @available(tvOS, unavailable)
    open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [] }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations
    @available(iOS 6.0, *)
    @available(tvOS, unavailable)
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/childforstatusbarstyle
    @available(iOS 7.0, *)
    @available(tvOS, unavailable)
    open var childForStatusBarStyle: UIViewController? { nil }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/childforstatusbarhidden
    @available(iOS 7.0, *)
    @available(tvOS, unavailable)
    open var childForStatusBarHidden: UIViewController? { nil }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/childforhomeindicatorautohidden
    @available(iOS 11.0, *)
    @available(tvOS, unavailable)
    open var childForHomeIndicatorAutoHidden: UIViewController? { nil }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/childforscreenedgesdeferringsystemgestures
    @available(iOS 11.0, *)
    @available(tvOS, unavailable)
    open var childForScreenEdgesDeferringSystemGestures: UIViewController? { nil }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/setneedsstatusbarappearanceupdate()
    @available(iOS 7.0, *)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    open func setNeedsStatusBarAppearanceUpdate() {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/setneedsupdateofhomeindicatorautohidden()
    @available(iOS 11.0, *)
    @available(tvOS, unavailable)
    open func setNeedsUpdateOfHomeIndicatorAutoHidden() {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/setneedsupdateofscreenedgesdeferringsystemgestures()
    @available(iOS 11.0, *)
    @available(tvOS, unavailable)
    open func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/setneedsupdateofsupportedinterfaceorientations()
    @available(iOS 16.0, tvOS 16.0, *)
    open func setNeedsUpdateOfSupportedInterfaceOrientations() {}

    // MARK: UIFocusEnvironment

    /// https://developer.apple.com/documentation/uikit/uifocusenvironment/preferredfocusenvironments
    @available(iOS 10.0, tvOS 10.0, *)
    open var preferredFocusEnvironments: [any UIFocusEnvironment] { [] }
    /// https://developer.apple.com/documentation/uikit/uifocusenvironment/setneedsfocusupdate()
    @available(iOS 9.0, tvOS 9.0, *)
    open func setNeedsFocusUpdate() {}
    /// https://developer.apple.com/documentation/uikit/uifocusenvironment/updatefocusifneeded()
    @available(iOS 9.0, tvOS 9.0, *)
    open func updateFocusIfNeeded() {}
}

/// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle
@available(iOS 3.2, tvOS 9.0, *)
@available(watchOS, unavailable)
public enum UIModalPresentationStyle: Int, @unchecked Sendable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    case automatic = -2
}

/// https://developer.apple.com/documentation/uikit/uistatusbarstyle
@available(iOS 2.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public enum UIStatusBarStyle: Int, @unchecked Sendable {
    case `default` = 0
    case lightContent = 1
    @available(iOS 13.0, *)
    case darkContent = 3
}

/// https://developer.apple.com/documentation/uikit/uirectedge
@available(iOS 7.0, tvOS 9.0, *)
@available(watchOS, unavailable)
public struct UIRectEdge: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static var top: UIRectEdge { UIRectEdge(rawValue: 1 << 0) }
    public static var bottom: UIRectEdge { UIRectEdge(rawValue: 1 << 2) }
}

/// https://developer.apple.com/documentation/uikit/uiinterfaceorientationmask
@available(iOS 6.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct UIInterfaceOrientationMask: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static var portrait: UIInterfaceOrientationMask { UIInterfaceOrientationMask(rawValue: 1 << 1) }
    public static var landscapeLeft: UIInterfaceOrientationMask { UIInterfaceOrientationMask(rawValue: 1 << 4) }
    public static var landscapeRight: UIInterfaceOrientationMask { UIInterfaceOrientationMask(rawValue: 1 << 3) }
    public static var allButUpsideDown: UIInterfaceOrientationMask { UIInterfaceOrientationMask(rawValue: 26) }
}
