// Watches every dynamically enforced access to Swift storage, across threads.
//
// A class's stored property, a global and a variable captured by an escaping closure (the
// storage two threads can share) are reached through `swift_beginAccess`/`swift_endAccess`,
// whatever the type. The Swift runtime checks overlapping accesses only within one thread.
// Across threads, overlap is what tears a value: a generic enum copied by value witnesses
// while another thread stores the other case can be read half old, half new, which forges a
// String over any address (hostile fixture 56). ThreadSanitizer would see that race only by
// chance (a report whose earlier access it cannot trace back is dropped, and the copy runs
// in the uninstrumented runtime), so the runner and every compiled submission are linked
// with `--wrap` for both entry points and each access is checked here, against every access
// another thread holds at that moment: a modification while anyone else holds the storage,
// or any access while another thread modifies it, ends the test before it touches the
// bytes, with a report the grader reads like the sanitizer's. Both runners carry this
// check. In the runner that carries ThreadSanitizer (the one for tests that run threads),
// accesses are also told to the sanitizer, so that a race which did not overlap this time is
// still found; in the other its entry points are missing, and the weak references are null.
//
// The table is guarded by a spin lock the sanitizer does not see (this file is not
// instrumented), so checking does not order the threads it checks.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

__attribute__((weak)) void __tsan_read1_pc(void *address, void *pc);
__attribute__((weak)) void __tsan_write1_pc(void *address, void *pc);

void __real_swift_beginAccess(void *pointer, void *buffer, uintptr_t flags, void *pc);
void __real_swift_endAccess(void *buffer);
// RaceNotice.c: the authenticated record that says the report just written is ours.
void cachetutor_send_race_notice(void);

// ExclusivityFlags in the Swift ABI: the low bit is set for a modification; an access
// without the tracking bit is instantaneous and has no end.
enum { modifying = 0x1, tracking = 0x20 };

// The status ThreadSanitizer ends a test with (SandboxLimits.raceExitCode).
enum { raceExitCode = 66 };

struct Access {
    void *pointer;
    void *buffer;
    void *pc;
    long thread;
    int modifies;
};

// Accesses held at once by all threads together: a correct test holds a few dozen, a deep
// recursion that passes a property `inout` at every level one per level; the stack runs
// out long before this does.
enum { capacity = 1 << 16 };
static struct Access held[capacity];
static int heldCount;
static char locked;
static __thread int checking;

static void lock(void) {
    while (__atomic_test_and_set(&locked, __ATOMIC_ACQUIRE)) {
        while (__atomic_load_n(&locked, __ATOMIC_RELAXED)) {
#if defined(__x86_64__)
            __builtin_ia32_pause();
#elif defined(__aarch64__)
            __asm__ volatile("yield");
#endif
        }
    }
}

static void unlock(void) { __atomic_clear(&locked, __ATOMIC_RELEASE); }

static int describe(char *out, size_t size, const char *what, void *pointer, void *pc) {
    Dl_info info;
    if (pc && dladdr(pc, &info) && info.dli_fname && info.dli_fbase) {
        const char *name = strrchr(info.dli_fname, '/');
        return snprintf(out, size, "  %s of size 1 at %p:\n    #0 <null> <null> (%s+0x%lx)\n", what, pointer,
                        name ? name + 1 : info.dli_fname, (unsigned long)((char *)pc - (char *)info.dli_fbase));
    }
    return snprintf(out, size, "  %s of size 1 at %p:\n    #0 %p\n", what, pointer, pc);
}

// Ends the test: the report, in ThreadSanitizer's shape, then the race status.
static void stop(const char *reason, void *pointer, void *pc, int modifies, const struct Access *other) {
    char report[1024];
    int length = snprintf(report, sizeof report, "==================\nWARNING: ThreadSanitizer: data race (%s)\n", reason);
    if (length > 0 && length < (int)sizeof report) {
        length += describe(report + length, sizeof report - length, modifies ? "Write" : "Read", pointer, pc);
    }
    if (other && length > 0 && length < (int)sizeof report) {
        length += describe(report + length, sizeof report - length, other->modifies ? "Previous write" : "Previous read", pointer, other->pc);
    }
    if (length > 0 && length < (int)sizeof report) {
        length += snprintf(report + length, sizeof report - length, "==================\n");
    }
    if (length > (int)sizeof report) length = sizeof report;
    if (length > 0) (void)!write(2, report, (size_t)length);
    cachetutor_send_race_notice();
    _exit(raceExitCode);
}

void __wrap_swift_beginAccess(void *pointer, void *buffer, uintptr_t flags, void *pc) {
    void *caller = pc ? pc : __builtin_return_address(0);
    int modifies = (flags & modifying) != 0;
    if (checking) stop("a signal handler reached shared storage while an access was being checked", pointer, caller, modifies, 0);
    checking = 1;
    // The address of a thread-local variable names the thread, without a system call.
    long thread = (long)(uintptr_t)&checking;
    lock();
    for (int index = 0; index < heldCount; index++) {
        const struct Access *other = &held[index];
        if (other->pointer == pointer && other->thread != thread && (modifies || other->modifies)) {
            struct Access copy = *other;
            unlock();
            stop("two threads accessed the same variable at the same time", pointer, caller, modifies, &copy);
        }
    }
    if (flags & tracking) {
        if (heldCount == capacity) {
            unlock();
            stop("more accesses held at once than the runner can follow", pointer, caller, modifies, 0);
        }
        held[heldCount++] = (struct Access){pointer, buffer, caller, thread, modifies};
    }
    unlock();
    checking = 0;
    if (modifies) {
        if (__tsan_write1_pc) __tsan_write1_pc(pointer, caller);
    } else {
        if (__tsan_read1_pc) __tsan_read1_pc(pointer, caller);
    }
    __real_swift_beginAccess(pointer, buffer, flags, pc);
}

void __wrap_swift_endAccess(void *buffer) {
    if (checking) stop("a signal handler reached shared storage while an access was being checked", 0, __builtin_return_address(0), 0, 0);
    checking = 1;
    lock();
    for (int index = heldCount - 1; index >= 0; index--) {
        if (held[index].buffer == buffer) {
            held[index] = held[--heldCount];
            break;
        }
    }
    unlock();
    checking = 0;
    __real_swift_endAccess(buffer);
}
