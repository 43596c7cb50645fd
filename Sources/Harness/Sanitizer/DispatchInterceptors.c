// Lets ThreadSanitizer see libdispatch, which the runner carries linked whole.
//
// The sanitizer learns that a serial queue, a barrier, a group or a semaphore orders two
// threads through its interceptors of libdispatch's entry points, which it finds as the
// next definition in a shared library. The runner links libdispatch statically (its archive
// is referenced with hidden visibility by Foundation's), so the library's own definitions
// win, the interceptors never run, and a correct file that guards its state with
// `queue.sync { }` or a semaphore was reported racing. So the runner, and every compiled
// submission, are linked with `--wrap` for each entry point the sanitizer intercepts: a
// call lands on a thunk here that jumps to the sanitizer's interceptor, and before anything
// runs, each interceptor's pointer to the real function is set to libdispatch's own
// (`__real_` under `--wrap`). StaticRuntime.interceptedDispatchCalls lists the same names.
#include <stddef.h>

#define INTERCEPTED(name, length) \
    extern void *real_##name __asm__("_ZN6__tsan14__interception" #length "real_" #name "E"); \
    extern char __real_##name[]; \
    __asm__(".text\n.globl __wrap_" #name "\n.type __wrap_" #name ",@function\n__wrap_" #name ":\n" JUMP " ___interceptor_" #name "\n");

#if defined(__x86_64__)
#define JUMP "jmp"
#elif defined(__aarch64__)
#define JUMP "b"
#endif

#define EACH(X) \
    X(dispatch_after, 19) \
    X(dispatch_after_f, 21) \
    X(dispatch_apply, 19) \
    X(dispatch_apply_f, 21) \
    X(dispatch_async, 19) \
    X(dispatch_async_and_wait, 28) \
    X(dispatch_async_and_wait_f, 30) \
    X(dispatch_async_f, 21) \
    X(dispatch_barrier_async, 27) \
    X(dispatch_barrier_async_and_wait, 36) \
    X(dispatch_barrier_async_and_wait_f, 38) \
    X(dispatch_barrier_async_f, 29) \
    X(dispatch_barrier_sync, 26) \
    X(dispatch_barrier_sync_f, 28) \
    X(dispatch_data_create, 25) \
    X(dispatch_group_async, 25) \
    X(dispatch_group_async_f, 27) \
    X(dispatch_group_leave, 25) \
    X(dispatch_group_notify, 26) \
    X(dispatch_group_notify_f, 28) \
    X(dispatch_group_wait, 24) \
    X(dispatch_io_barrier, 24) \
    X(dispatch_io_close, 22) \
    X(dispatch_io_create, 23) \
    X(dispatch_io_create_with_io, 31) \
    X(dispatch_io_create_with_path, 33) \
    X(dispatch_io_read, 21) \
    X(dispatch_io_write, 22) \
    X(dispatch_once, 18) \
    X(dispatch_once_f, 20) \
    X(dispatch_read, 18) \
    X(dispatch_resume, 20) \
    X(dispatch_semaphore_signal, 30) \
    X(dispatch_semaphore_wait, 28) \
    X(dispatch_source_set_cancel_handler, 39) \
    X(dispatch_source_set_cancel_handler_f, 41) \
    X(dispatch_source_set_event_handler, 38) \
    X(dispatch_source_set_event_handler_f, 40) \
    X(dispatch_source_set_registration_handler, 45) \
    X(dispatch_source_set_registration_handler_f, 47) \
    X(dispatch_sync, 18) \
    X(dispatch_sync_f, 20) \
    X(dispatch_write, 19) \

EACH(INTERCEPTED)

#define POINT(name, length) real_##name = __real_##name;

// Before any other constructor of the runner's, some of which queue work.
__attribute__((constructor(101))) static void pointInterceptorsAtLibdispatch(void) {
    EACH(POINT)
}
