#if canImport(Observation)
import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Testing

/// `FlowViewModel`, the stage of a flow a SwiftUI view shows: the frame it publishes, and
/// the container's transition ending with the view's animation, performed against real
/// containers and an `AuthFlow` with two scenes on a manual clock. The view is played by
/// the test: it calls `viewAppeared()` and `viewCompleted(_:)` as `FlowView` does.
@MainActor
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowViewModelTests {
    enum Screen: Sendable, Equatable {
        case splash, login
        case main(String)
    }

    /// A model on `clock` staging a container of fades of 200 ms, without a watchdog.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func fading(on clock: ManualClock) -> (FlowViewModel<Screen>, FlowContainer<Screen>) {
        let model = FlowViewModel(initial: Screen.splash, clock: clock, margin: .seconds(1))
        return (
            model,
            FlowContainer(initial: Screen.splash, animation: .fade(), stage: model, clock: clock, watchdogMargin: nil)
        )
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func theExampleMakesAModelThatIsTheContainersStage() async {
        let model = FlowViewModel(initial: Screen.splash)
        let container = FlowContainer(initial: Screen.splash, stage: model)
        #expect(await container.cycle(to: .login, animation: .immediate) == .completed)
        #expect(model.frame.child == .login)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aFadeEndsWhenTheViewReportsItsAnimationCompleted() async {
        let clock = ManualClock()
        let (model, container) = fading(on: clock)
        model.viewAppeared()
        let first = model.frame.identity

        let switching = Task { await container.cycle(to: .login) }
        #expect(await eventually { @MainActor in model.frame.child == .login })
        #expect(model.frame.identity.rawValue > first.rawValue)
        #expect(model.frame.viewAnimation(reduceMotion: false) == FlowViewAnimation(.fade(), reduceMotion: false))
        // The container's own animation ends; the view's has not: the transition waits.
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        #expect(await eventually { clock.sleeperCount == 1 }, "the model's limit sleeps")
        #expect(await switching.value(within: .milliseconds(300)) == nil, "still waiting for the view")

        model.viewCompleted(first)
        #expect(await switching.value(within: .milliseconds(300)) == nil, "an older frame's report ends nothing")
        model.viewCompleted(model.frame.identity)
        #expect(await switching.value(within: .seconds(10)) == .completed)
        #expect(await eventually { clock.sleeperCount == 0 }, "the limit's sleep is cancelled")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aViewThatNeverReportsHoldsTheTransitionForItsLengthAndTheMarginAtMost() async {
        let clock = ManualClock()
        let (model, container) = fading(on: clock)
        model.viewAppeared()
        let switching = Task { await container.cycle(to: .login) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(1199))
        #expect(await switching.value(within: .milliseconds(300)) == nil)
        clock.advance(by: .milliseconds(1))
        #expect(await switching.value(within: .seconds(10)) == .completed)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aCutShortOrUnanimatedTransitionOrOneNoViewShowsEndsWithoutTheView() async {
        let clock = ManualClock()
        let (model, container) = fading(on: clock)
        // No view yet: nothing to wait for.
        let unseen = Task { await container.cycle(to: .login) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        #expect(await unseen.value(within: .seconds(10)) == .completed)

        model.viewAppeared()
        #expect(await container.cycle(to: .main("ann"), animation: .immediate) == .completed)
        let cutShort = Task { await container.cycle(to: .login) }
        await clock.waitForSleepers(1)
        let interrupting = Task { await container.cycle(to: .main("bob"), animation: .immediate, policy: .interrupt) }
        #expect(await cutShort.value(within: .seconds(10)) == .interrupted)
        #expect(await interrupting.value(within: .seconds(10)) == .completed)
        #expect(model.frame.child == .main("bob"))

        // The view goes while a transition waits for it: it ends.
        let waiting = Task { await container.cycle(to: .splash) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        #expect(await eventually { clock.sleeperCount == 1 })
        model.viewDisappeared()
        #expect(await waiting.value(within: .seconds(10)) == .completed)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func theFramesFollowTheTransitionsInOrderAndNeverGoBack() async {
        let model = FlowViewModel(initial: Screen.splash)
        let container = FlowContainer(initial: Screen.splash, animation: .immediate, stage: model)
        var seen: [(Screen, UInt64)] = []
        let targets: [Screen] = (0..<30).map { $0.isMultiple(of: 3) ? .login : .main("u\($0)") }
        await withTaskGroup(of: Void.self) { group in
            for target in targets {
                group.addTask { _ = await container.cycle(to: target, policy: .enqueue) }
            }
            for _ in targets {
                await group.next()
                seen.append((model.frame.child, model.frame.identity.rawValue))
            }
        }
        let identities = seen.map(\.1)
        #expect(identities == identities.sorted())
        #expect(model.frame.identity.rawValue == 30)
        #expect(model.frame.child == (await container.child))
    }

    /// The children the view draws now, back to front.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func drawn(_ model: FlowViewModel<Screen>) -> [Screen] {
        model.layers(reduceMotion: false).map(\.frame.child)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func duringAFadeTheViewDrawsBothChildrenAndAfterItOnlyTheNewOne() async {
        let clock = ManualClock()
        let (model, container) = fading(on: clock)
        model.viewAppeared()
        let switching = Task { await container.cycle(to: .login) }
        #expect(await eventually { @MainActor in model.frame.child == .login })
        #expect(drawn(model) == [.splash, .login])
        #expect(model.layers(reduceMotion: false).map(\.opacity) == [1, 0], "the new child starts transparent")
        model.viewAnimating(model.frame.identity)
        #expect(model.layers(reduceMotion: false).map(\.opacity) == [1, 1], "the old one stays opaque behind it")
        model.viewCompleted(model.frame.identity)
        #expect(drawn(model) == [.login])
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        #expect(await switching.value(within: .seconds(10)) == .completed)
        #expect(drawn(model) == [.login])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aSwitchWhoseViewNeverReportsSettlesWhenItsTransitionEnds() async {
        let clock = ManualClock()
        let (model, container) = fading(on: clock)
        model.viewAppeared()
        let switching = Task { await container.cycle(to: .login) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        await clock.waitForSleepers(1)
        #expect(drawn(model) == [.splash, .login])
        clock.advance(by: .milliseconds(1200))
        #expect(await switching.value(within: .seconds(10)) == .completed)
        #expect(drawn(model) == [.login])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aViewThatDisappearsAndComesBackAfterASwitchDrawsTheCurrentChild() async {
        let clock = ManualClock()
        let (model, container) = fading(on: clock)
        model.viewAppeared()
        model.viewDisappeared()  // a tab switch
        let switching = Task { await container.cycle(to: .login) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        #expect(await switching.value(within: .seconds(10)) == .completed)
        model.viewAppeared()
        #expect(drawn(model) == [.login])
        #expect(model.layers(reduceMotion: false).map(\.opacity) == [1])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aSwitchCutShortByFinishSettlesOnTheNewChild() async {
        let clock = ManualClock()
        let (model, container) = fading(on: clock)
        model.viewAppeared()
        let switching = Task { await container.cycle(to: .login) }
        await clock.waitForSleepers(1)
        #expect(drawn(model) == [.splash, .login])
        // No newer request follows `finish()`: nothing would settle the switch later.
        await container.finish()
        #expect(await switching.value(within: .seconds(10)) == .interrupted)
        #expect(drawn(model) == [.login])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aViewThatComesBackDuringASwitchDrawsTheNewChildAtOnce() async {
        let clock = ManualClock()
        let (model, container) = fading(on: clock)
        let switching = Task { await container.cycle(to: .login) }
        #expect(await eventually { @MainActor in model.frame.child == .login })
        model.viewAppeared()
        #expect(drawn(model) == [.login], "it draws the frame as it is, with nothing to animate")
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        #expect(await switching.value(within: .seconds(10)) == .completed)
    }
}

/// `FlowViewModel` as the stage of each scene of an `AuthFlow`.
@MainActor
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(45)))
struct FlowViewModelSceneTests {
    struct Provider: AuthFlowProvider {
        var configuration = AuthFlowConfiguration(
            loginAnimation: .fade(),
            logoutAnimation: .fade(),
            startAnimation: .immediate
        )
        func initialSession() async -> String? { nil }
        func makeLoggedOutChild() async -> String { "login" }
        func makeLoggedInChild(for session: String) async -> String { "home(\(session))" }
        func makeSwitchingPlaceholder() async -> String { "wait" }
        func makePrivacyCover(for session: String, in scene: AuthSceneID) async -> String { "cover" }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func eachSceneHasItsModelAndThePrivacyCoverIsShownAtOnce() async {
        let clock = ManualClock()
        let first = FlowViewModel(initial: AuthScreen<String, String>(phase: .splash, child: "launch"), clock: clock)
        let flow = AuthFlow(provider: Provider(), splash: "launch", stage: first, clock: clock)
        let second = FlowViewModel(initial: AuthScreen<String, String>(phase: .splash, child: "launch"), clock: clock)
        _ = flow.attachScene(placeholder: "launch", stage: second)
        first.viewAppeared()
        second.viewAppeared()
        #expect(await flow.start() == .completed)
        #expect(first.frame.child.child == "login" && second.frame.child.child == "login")

        // A login fades in both windows, and returns once both views completed.
        let login = Task { await flow.login("ann") }
        #expect(
            await eventually { @MainActor in
                first.frame.child.child == "home(ann)" && second.frame.child.child == "home(ann)"
            }
        )
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(200))
        first.viewCompleted(first.frame.identity)
        #expect(await login.value(within: .milliseconds(300)) == nil, "the second window's view has not completed")
        second.viewCompleted(second.frame.identity)
        #expect(await login.value(within: .seconds(10)) == .completed)

        // The privacy cover is not animated: both show it at once, no view report needed.
        #expect(await flow.cover() == .completed)
        #expect(first.frame.child.child == "cover" && second.frame.child.child == "cover")
        for model in [first, second] {
            let layers = model.layers(reduceMotion: false)
            #expect(layers.map(\.frame.child.child) == ["home(ann)", "cover"], "at once, the session kept under it")
            #expect(layers.map(\.opacity) == [0, 1] && layers.map(\.isFront) == [false, true])
        }
        #expect(first.frame.viewAnimation(reduceMotion: false).duration == nil)
    }

    /// A model of one scene, shown by a view, of a started flow logged in as "ann" with
    /// switches SwiftUI does not animate.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static func loggedIn(
        lockStyle: AuthLockStyle = .cover
    ) async -> (FlowViewModel<AuthScreen<String, String>>, AuthFlow<Provider>) {
        var provider = Provider()
        provider.configuration = AuthFlowConfiguration(
            loginAnimation: .immediate,
            logoutAnimation: .immediate,
            startAnimation: .immediate,
            lockStyle: lockStyle
        )
        let model = FlowViewModel(initial: AuthScreen<String, String>(phase: .splash, child: "launch"))
        let flow = AuthFlow(provider: provider, splash: "launch", stage: model)
        model.viewAppeared()
        await flow.start()
        await flow.login("ann")
        return (model, flow)
    }

    /// The layers as `child@view`, back to front, a hidden one marked `(hidden)`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static func drawn(_ model: FlowViewModel<AuthScreen<String, String>>) -> [String] {
        model.layers(reduceMotion: false).map { layer in
            let hidden = layer.opacity == 0 && !layer.isFront ? " (hidden)" : ""
            return "\(layer.frame.child.child)@\(layer.id.rawValue)\(hidden)"
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aSessionViewLivesHiddenUnderTheCoverAndTheLockAndComesBackAsTheSameView() async {
        let (model, flow) = await Self.loggedIn()
        let session = model.frame.identity.rawValue
        #expect(Self.drawn(model) == ["home(ann)@\(session)"])

        // The privacy cover: the session's view stays, hidden, untouchable, unseen by VoiceOver.
        #expect(await flow.cover() == .completed)
        #expect(Self.drawn(model) == ["home(ann)@\(session) (hidden)", "cover@\(session + 1)"])
        // Uncovered: the same view, so SwiftUI keeps its state and the sheet it presents.
        #expect(await flow.uncover() == .completed)
        #expect(Self.drawn(model) == ["home(ann)@\(session)"])
        #expect(model.frame.identity.rawValue == session + 2, "the frame is new; its view is not")

        // A cover-style lock: still the same view when unlocked.
        #expect(await flow.lock() == .completed)
        #expect(Self.drawn(model).first == "home(ann)@\(session) (hidden)")
        #expect(await flow.unlock() == .completed)
        #expect(Self.drawn(model) == ["home(ann)@\(session)"])
        await flow.finish()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aLogoutATeardownLockOrAnotherAccountEndsTheViewACoverKept() async {
        // A logout under the cover: the kept view goes.
        let (model, flow) = await Self.loggedIn()
        await flow.cover()
        #expect(await flow.logout() == .completed)
        #expect(Self.drawn(model) == ["login@\(model.frame.identity.rawValue)"])
        await flow.login("ann")
        #expect(Self.drawn(model) == ["home(ann)@\(model.frame.identity.rawValue)"], "a new view")
        await flow.finish()

        // A teardown lock: the session is rebuilt on unlock, a new view.
        let (locked, lockFlow) = await Self.loggedIn(lockStyle: .teardown)
        let before = locked.frame.identity
        await lockFlow.lock()
        #expect(locked.layers(reduceMotion: false).count == 1, "nothing is kept under a teardown lock")
        await lockFlow.unlock()
        #expect(locked.layers(reduceMotion: false).map(\.id) == [locked.frame.identity])
        #expect(locked.frame.identity != before)
        await lockFlow.finish()

        // Another account while covered: a new view, the old one gone.
        let (switched, switchFlow) = await Self.loggedIn()
        let annView = switched.frame.identity
        await switchFlow.cover()
        #expect(await switchFlow.login("bob") == .completed)
        let layers = switched.layers(reduceMotion: false)
        #expect(layers.map(\.frame.child.child) == ["home(bob)"] && layers[0].id != annView)
        await switchFlow.finish()
    }
}
#endif
