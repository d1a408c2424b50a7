import AppFlow
import AsyncAlgorithms
import References
import Synchronization

/// Something that switches a child, one request at a time: AppFlow and the baselines
/// share this shape so that every scenario runs the same code around them.
protocol Switcher: Sendable {
    func cycle(to child: Int) async
}

/// AppFlow's container with immediate transitions.
struct AppFlowSwitcher: Switcher {
    let container: FlowContainer<Int>

    init(policy: OverlapPolicy = .enqueue) {
        container = FlowContainer(initial: 0, animation: .immediate, policy: policy)
    }

    func cycle(to child: Int) async {
        await container.cycle(to: child)
    }
}

/// The floor: an actor whose method swaps a stored child. No ordering across awaits, no
/// events: the physical limit of an actor design.
extension BareActor: Switcher {}

/// The common hand-rolled serializer: `last = Task { await last?.value; ... }`.
actor TaskChainSwitcher: Switcher {
    private var last: Task<Void, Never>?
    private(set) var child = 0

    func cycle(to child: Int) async {
        let previous = last
        let task = Task {
            await previous?.value
            self.set(child)
        }
        last = task
        await task.value
    }

    private func set(_ child: Int) {
        self.child = child
    }
}

/// Requests sent through an `AsyncStream` to one consumer task; callers are resumed
/// through continuations.
final class StreamLoopSwitcher: Switcher {
    private let input: AsyncStream<(Int, CheckedContinuation<Void, Never>)>.Continuation
    private let consumer: Task<Void, Never>

    init() {
        let (stream, input) = AsyncStream.makeStream(of: (Int, CheckedContinuation<Void, Never>).self)
        self.input = input
        consumer = Task {
            var child = 0
            for await (next, caller) in stream {
                child = next
                caller.resume()
            }
            _ = child
        }
    }

    deinit {
        input.finish()
    }

    func cycle(to child: Int) async {
        await withCheckedContinuation { input.yield((child, $0)) }
    }
}

/// The usual forum answer: an actor holding a FIFO of continuations. It has no events,
/// no policies and no cancellation: a second floor rather than a peer.
extension ContinuationFIFO: Switcher {}

/// The library peer: swift-async-algorithms' `AsyncChannel` feeding one consumer task.
/// `send` returns once the consumer has taken the request: that hand-off is the
/// serialisation.
final class ChannelSwitcher: Switcher {
    private let channel = AsyncChannel<Int>()
    private let consumer: Task<Void, Never>

    init() {
        let channel = self.channel
        consumer = Task {
            var child = 0
            for await next in channel {
                child = next
            }
            _ = child
        }
    }

    deinit {
        channel.finish()
    }

    func cycle(to child: Int) async {
        await channel.send(child)
    }
}

/// Not a peer but a lower bound for AppFlow's uncontended path: an actor that does only
/// what an in-place immediate cycle must (check cancellation, ask the state lock whether
/// a transition runs, swap the child, bump the transition id, ask a second lock whether
/// anyone subscribes), fully specialised in this module. Its locks are
/// `Synchronization.Mutex`; the benchmarks never run under ThreadSanitizer.
actor InPlaceBoundSwitcher: Switcher {
    private let isIdle = Mutex(true)
    private let subscriberCount = Mutex(0)
    private var child = 0
    private var lastTransitionID: UInt64 = 0

    func cycle(to child: Int) {
        guard !Task.isCancelled, isIdle.withLock({ $0 }) else { return }
        lastTransitionID += 1
        self.child = child
        if subscriberCount.withLock({ $0 > 0 }) {
            preconditionFailure("the bound has no subscribers")
        }
    }
}
