import AppFlowTesting
import AppFlowTestingTraits
import Testing

@testable import AppFlow

/// A value type that adopts the hooks.
private struct HookedValue: FlowLifecycle {}
/// A value type that does not.
private struct PlainValue: Sendable {}
/// A class-bound protocol, with classes that adopt the hooks or not.
private protocol ClassBound: AnyObject, Sendable {}
private final class HookedObject: ClassBound, FlowLifecycle {}
private final class PlainObject: ClassBound {}
/// A class that does not adopt the hooks, with a subclass that does.
private class PlainBase: @unchecked Sendable {}
private final class HookedSubclass: PlainBase, FlowLifecycle, @unchecked Sendable {}

/// ``LifecycleAdoption`` remembers the answer per type only where the type decides it:
/// each table feeds one tracker a sequence of children, with the answer each must get.
@Suite(.timeLimit(.minutes(1)), .endsWithin(.seconds(30)))
struct LifecycleAdoptionTests {
    /// The answers one tracker gives for `children`, in order.
    private func answers<Child: Sendable>(_ children: [Child], startingWith initial: Child) -> [Bool] {
        var adoption = LifecycleAdoption(initial: initial)
        var answers: [Bool] = []
        for child in children {
            answers.append(adoption.adopts(child))
        }
        return answers
    }

    @Test func theInitialChildDecidesWhetherTheChildInPlaceAdopts() {
        let hooked = LifecycleAdoption(initial: HookedValue())
        let plain = LifecycleAdoption(initial: PlainValue())
        let present = LifecycleAdoption(initial: Optional(HookedValue()))
        let absent = LifecycleAdoption(initial: HookedValue?.none)
        #expect([hooked, plain, present, absent].map(\.childAdopts) == [true, false, true, false])
    }

    @Test func aValueTypeIsAnsweredTheSameEveryTime() {
        #expect(
            answers([PlainValue(), PlainValue(), PlainValue()], startingWith: PlainValue()) == [false, false, false]
        )
        #expect(
            answers([HookedValue(), HookedValue(), HookedValue()], startingWith: HookedValue()) == [true, true, true]
        )
    }

    @Test func onlyTypesWhoseCastsDoNotLookInsideTheValueAreRemembered() {
        #expect(LifecycleAdoption.typeDecides(PlainValue.self))
        #expect(LifecycleAdoption.typeDecides(HookedSubclass.self))
        #expect(!LifecycleAdoption.typeDecides(HookedValue?.self))
        #expect(!LifecycleAdoption.typeDecides(HookedValue??.self))
        #expect(!LifecycleAdoption.typeDecides(AnyHashable.self))
        #expect(!LifecycleAdoption.typeDecides(type(of: HookedValue() as AnyObject)))
    }

    @Test func anOptionalIsAnsweredByWhatItWrapsEachTime() {
        let children: [HookedValue?] = [HookedValue(), nil, HookedValue(), HookedValue(), nil, nil, HookedValue()]
        #expect(answers(children, startingWith: nil) == children.map { $0 != nil })
    }

    @Test func anExistentialIsAnsweredByTheTypeOfEachValue() {
        let children: [any Sendable] = [HookedValue(), PlainValue(), HookedValue(), PlainBase(), HookedSubclass()]
        #expect(answers(children, startingWith: PlainValue()) == [true, false, true, false, true])
        #expect(answers(children, startingWith: HookedValue()) == [true, false, true, false, true])
    }

    @Test func aClassBoundExistentialIsAnsweredByTheClassOfEachValue() {
        let children: [any ClassBound] = [PlainObject(), HookedObject(), PlainObject(), HookedObject()]
        #expect(answers(children, startingWith: PlainObject()) == [false, true, false, true])
        #expect(answers(children, startingWith: HookedObject()) == [false, true, false, true])
    }

    @Test func aSubclassIsAnsweredByItsOwnClass() {
        let children: [PlainBase] = [PlainBase(), HookedSubclass(), PlainBase(), HookedSubclass()]
        #expect(answers(children, startingWith: PlainBase()) == [false, true, false, true])
        #expect(answers(children, startingWith: HookedSubclass()) == [false, true, false, true])
    }

    @Test func anOptionalChildThatAdoptsOnlyWhenPresentStillGetsItsHooks() async throws {
        let calls = Log<String>()
        let container = FlowContainer<Screen?>(initial: nil, animation: .immediate)
        for name in ["one", "two"] {
            #expect(await container.cycle(to: nil) == .completed)
            #expect(await container.cycle(to: Screen(name, calls: calls)) == .completed)
        }
        #expect(await container.cycle(to: nil) == .completed)
        #expect(
            calls.all == [
                "one.willAppear", "one.didAppear", "one.willDisappear", "one.didDisappear",
                "two.willAppear", "two.didAppear", "two.willDisappear", "two.didDisappear",
            ]
        )
    }
}
