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

    /// Creates a lock guarding `value`.
    package init(_ value: Value) {
        storage = LockStorage.make(value)
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

/// What ``LockStorage`` keeps beside its mutex: the value and, in a debug build, how many
/// times the lock was taken.
struct LockedHeader<Value> {
    var value: Value
    #if DEBUG
    var acquisitions: UInt64 = 0
    #endif
}

/// The single allocation behind ``LockedValue``: header is the value (``LockedHeader``), element the mutex.
final class LockStorage<Value>: ManagedBuffer<LockedHeader<Value>, pthread_mutex_t> {
    static func make(_ value: Value) -> LockStorage<Value> {
        let buffer = create(minimumCapacity: 1) { _ in LockedHeader(value: value) }
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
