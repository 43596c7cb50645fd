import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Tells ThreadSanitizer, where the process runs under it, about the synchronisation of the
/// engine's lock.
///
/// `Mutex` locks with atomics and `futex` inside the Swift runtime, which is not
/// instrumented, so the sanitizer in the test runner would not see that a learner's key
/// stored under the lock on one thread was handed to another thread under the same lock:
/// a correct submission (a key's `let` fields written in its `init`, read by `isEqual(_:)`
/// on the cache's other thread) would be reported as racing. After taking the lock the
/// engine "acquires", before letting it go it "releases", the same address, the
/// sanitizer's own annotations. Anywhere else (the grader, the course tools) the two entry
/// points are not there and this costs one nil check.
enum SanitizerAnnotations {
    typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void

    struct Hooks: @unchecked Sendable {
        var acquire: Hook?
        var release: Hook?
    }

    static let hooks: Hooks = {
        func find(_ name: String) -> Hook? {
            guard let address = dlsym(nil, name) else { return nil }
            return unsafeBitCast(address, to: Hook.self)
        }
        return Hooks(acquire: find("__tsan_acquire"), release: find("__tsan_release"))
    }()

    /// The address that stands for `lock` in the sanitizer's books.
    @inline(__always) static func address(_ lock: AnyObject) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(lock)))
    }
}

/// An identity for one lock, for ``SanitizerAnnotations``.
final class _LockIdentity: Sendable {}

/// A `Mutex` whose critical sections ThreadSanitizer sees (see ``SanitizerAnnotations``).
struct _SanitizedMutex<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    let mutex: Mutex<Value>
    let identity = _LockIdentity()

    init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    borrowing func withLock<Result: ~Copyable, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        let hooks = SanitizerAnnotations.hooks, address = SanitizerAnnotations.address(identity)
        return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            hooks.acquire?(address)
            defer { hooks.release?(address) }
            return try body(&value)
        }
    }
}
