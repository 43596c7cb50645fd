// Tells ThreadSanitizer about a `Synchronization.Mutex` that changes hands inside the kernel.
//
// A learner's `Mutex` is inlined into the learner's instrumented code, so its uncontended
// lock and unlock (atomic compare-and-exchange, acquiring and releasing) are seen. Under
// contention, though, Linux hands the lock over with FUTEX_LOCK_PI/FUTEX_UNLOCK_PI inside
// `_lockSlow` and `_unlockSlow`, in the uninstrumented Synchronization library: the
// waiter never does an acquiring atomic, so two threads that took turns under the same
// lock would be reported as racing. The grader links every compiled submission with
// `--wrap` for these three entry points (see StaticRuntime.submissionLink), so its calls
// land here; each calls the library's own function and adds the acquire or release the
// sanitizer could not see, on the lock word's address, the same address its atomics use.
//
// Each entry point is a Swift method of `_MutexHandle`: `self` (the lock word, passed by
// address) arrives in the Swift self register, hence `swiftcall` and `swift_context`.
#include <stdbool.h>
#include <stdint.h>

#define SWIFT_CC __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))

void __tsan_acquire(void *address);
void __tsan_release(void *address);

SWIFT_CC void library_lock_slow(uint32_t thread, void *SWIFT_SELF handle)
    __asm__("$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF");
SWIFT_CC bool library_try_lock_slow(void *SWIFT_SELF handle)
    __asm__("$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF");
SWIFT_CC void library_unlock_slow(void *SWIFT_SELF handle)
    __asm__("$s15Synchronization12_MutexHandleV11_unlockSlowyyF");

SWIFT_CC void sanitized_lock_slow(uint32_t thread, void *SWIFT_SELF handle)
    __asm__("__wrap_$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF");
SWIFT_CC bool sanitized_try_lock_slow(void *SWIFT_SELF handle)
    __asm__("__wrap_$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF");
SWIFT_CC void sanitized_unlock_slow(void *SWIFT_SELF handle)
    __asm__("__wrap_$s15Synchronization12_MutexHandleV11_unlockSlowyyF");

SWIFT_CC void sanitized_lock_slow(uint32_t thread, void *SWIFT_SELF handle) {
    library_lock_slow(thread, handle);
    __tsan_acquire(handle);
}

SWIFT_CC bool sanitized_try_lock_slow(void *SWIFT_SELF handle) {
    bool taken = library_try_lock_slow(handle);
    if (taken) __tsan_acquire(handle);
    return taken;
}

SWIFT_CC void sanitized_unlock_slow(void *SWIFT_SELF handle) {
    __tsan_release(handle);
    library_unlock_slow(handle);
}
