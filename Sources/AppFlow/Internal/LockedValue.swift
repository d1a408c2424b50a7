#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#else
#error("LockedValue needs pthreads")
#endif

/// A value guarded by a `pthread_mutex_t`: the package's one lock type. There are many
/// instances (each container has several, and some nest in the order
/// `FlowContainer+InPlace.swift` states); this is the only kind of lock.
///
/// It follows swift-nio's `NIOLockedValueBox`: the value and the mutex share one
/// `ManagedBuffer` allocation. A pthread mutex is used rather than
/// `Synchronization.Mutex` because ThreadSanitizer understands pthreads, while on
/// Linux it cannot see the futex inside `Mutex` and reports false races there.
///
/// - Important: Never resume a continuation or call user code inside `withLock`;
///   return what must be done and do it after the lock is released.
package struct LockedValue<Value>: @unchecked Sendable where Value: Sendable {
    // Safe to share: every access to `value` goes through `withLock`, which holds
    // the mutex for the whole access.
    private let storage: LockStorage<Value>

    /// Creates a lock guarding `value`, with the place `role` gives it among the other
    /// locks; a debug build checks that place on every ``withLock(_:)``.
    package init(_ value: Value, role: LockRole = .ordinary) {
        storage = LockStorage.make(value, role: role)
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLock(body)
    }

    #if DEBUG
    /// How many times the lock has been taken by ``withLock(_:)`` (a debug build only):
    /// the tests count the steps one call takes into a flow's core with it. Reading it
    /// takes the mutex but is not counted.
    package var acquisitions: UInt64 {
        storage.withUnsafeMutablePointers { header, mutex in
            let status = pthread_mutex_lock(mutex)
            precondition(status == 0, "pthread_mutex_lock failed: \(status) (EDEADLK: read under the lock)")
            defer {
                let status = pthread_mutex_unlock(mutex)
                precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
            }
            return header.pointee.acquisitions
        }
    }
    #endif
}

/// Where a lock stands among the others, checked in a debug build only: there, taking a
/// lock where its role forbids it stops the process (`LockedValueTests`), so the whole
/// suite, in the debug, AddressSanitizer and ThreadSanitizer runs, checks every role.
package enum LockRole: Sendable {
    /// Any lock may be taken under it, and it under any but a leaf.
    case ordinary
    /// An ``AuthFlow``'s core: taken under no other lock, and only leaf locks are taken
    /// under it.
    case outermost
    /// No lock is taken under it.
    case leaf
}

/// What ``LockStorage`` keeps beside its mutex: the value and, in a debug build, how many
/// times the lock was taken and its role.
struct LockedHeader<Value> {
    var value: Value
    #if DEBUG
    var acquisitions: UInt64 = 0
    let role: LockRole
    #endif
}

#if DEBUG
/// The locks this thread holds, as far as the roles care (a debug build only): how many,
/// and the tightest rule among them. A lock's body runs on the thread that took it, so a
/// thread-local value sees every lock taken inside another.
enum HeldLocks {
    /// The tightest rule of the locks held.
    enum Rule: Int {
        /// Any lock may be taken.
        case any
        /// Only a leaf lock may be taken: an outermost lock is held.
        case leafOnly
        /// No lock may be taken: a leaf lock is held.
        case none
    }

    /// Each thread's count and rule, packed into the pointer-sized slot of one key.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    static var current: (count: Int, rule: Rule) {
        get {
            let packed = Int(bitPattern: pthread_getspecific(key))
            return (packed >> 2, Rule(rawValue: packed & 3)!)
        }
        set {
            _ = pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue.count << 2 | newValue.rule.rawValue))
        }
    }

    /// Checks that a lock of `role` may be taken now, and returns what this thread holds
    /// while it is, to restore afterwards.
    static func enter(_ role: LockRole) -> (count: Int, rule: Rule) {
        let held = current
        switch (role, held.rule) {
        case (_, .none):
            preconditionFailure("Lock order: a lock was taken under a leaf lock")
        case (.ordinary, .leafOnly), (.outermost, .leafOnly):
            preconditionFailure("Lock order: a lock other than a leaf was taken under the flow's core lock")
        case (.outermost, .any) where held.count > 0:
            preconditionFailure("Lock order: the flow's core lock was taken under another lock")
        default:
            break
        }
        let rule: Rule =
            switch role {
            case .ordinary: held.rule
            case .outermost: .leafOnly
            case .leaf: .none
            }
        current = (held.count + 1, rule)
        return held
    }
}
#endif

/// The single allocation behind ``LockedValue``: header is the value (``LockedHeader``), element the mutex.
final class LockStorage<Value>: ManagedBuffer<LockedHeader<Value>, pthread_mutex_t> {
    static func make(_ value: Value, role: LockRole) -> LockStorage<Value> {
        #if DEBUG
        let buffer = create(minimumCapacity: 1) { _ in LockedHeader(value: value, role: role) }
        #else
        let buffer = create(minimumCapacity: 1) { _ in LockedHeader(value: value) }
        #endif
        // `create` returns the dynamic subclass type; the downcast cannot fail.
        let storage = unsafeDowncast(buffer, to: LockStorage<Value>.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            #if DEBUG
            // A debug build's mutex checks its holder: a lock taken again by the thread that
            // holds it (which a `LockedPart` makes easy to write) stops the process with
            // EDEADLK instead of hanging.
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            defer { pthread_mutexattr_destroy(&attributes) }
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
            let status = pthread_mutex_init(mutex, &attributes)
            #else
            let status = pthread_mutex_init(mutex, nil)
            #endif
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            let status = pthread_mutex_destroy(mutex)
            precondition(status == 0, "pthread_mutex_destroy failed: \(status)")
        }
    }

    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { header, mutex in
            #if DEBUG
            // Checked before waiting for the mutex, so that a lock taken out of order stops
            // the process rather than deadlocking; the role never changes, so it is read
            // unlocked.
            let held = HeldLocks.enter(header.pointee.role)
            defer { HeldLocks.current = held }
            #endif
            let status = pthread_mutex_lock(mutex)
            precondition(status == 0, "pthread_mutex_lock failed: \(status) (EDEADLK: taken again by its holder)")
            defer {
                let status = pthread_mutex_unlock(mutex)
                precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
            }
            #if DEBUG
            header.pointee.acquisitions += 1
            #endif
            return try body(&header.pointee.value)
        }
    }
}
