// The one instruction in the test process allowed to write on the result channel.
//
// Every record the runner sends carries the run's secret, but the submission runs in the
// same process: whatever it learns of the secret (a record it diverted, a byte it read out
// of bounds) it could write on the channel too. So once the submission is loaded, the
// seccomp filter (`Sources/CodeLock`) refuses every write to the channel's descriptor
// unless the system call comes from the instruction below, and refuses to copy that
// descriptor; safe Swift cannot jump into the middle of a C function, so no record can
// come from anywhere but the runner's own code, whatever the submission knows.
//
// The kernel reports, as the call's instruction pointer, the address just after the
// `syscall` (x86_64) or `svc` (aarch64) instruction: the label that follows it.
#include <stddef.h>
#include <sys/syscall.h>

extern const char cachetutor_channel_gate_site[];

// write(2) on `descriptor`, made from the gate: the number written, or minus errno.
// Not inlined, so the label exists once.
__attribute__((noinline)) long cachetutor_channel_write(int descriptor, const void *bytes, size_t length) {
#if defined(__x86_64__)
    long result = SYS_write;
    __asm__ volatile("syscall\n"
                     ".globl cachetutor_channel_gate_site\n"
                     "cachetutor_channel_gate_site:\n"
                     : "+a"(result)
                     : "D"((long)descriptor), "S"(bytes), "d"(length)
                     : "rcx", "r11", "memory");
    return result;
#elif defined(__aarch64__)
    register long number __asm__("x8") = SYS_write;
    register long result __asm__("x0") = descriptor;
    register const void *buffer __asm__("x1") = bytes;
    register size_t count __asm__("x2") = length;
    __asm__ volatile("svc #0\n"
                     ".globl cachetutor_channel_gate_site\n"
                     "cachetutor_channel_gate_site:\n"
                     : "+r"(result)
                     : "r"(number), "r"(buffer), "r"(count)
                     : "memory");
    return result;
#else
#error "the channel gate knows x86_64 and aarch64 only"
#endif
}

// The address the kernel will report for a write made by `cachetutor_channel_write`.
unsigned long cachetutor_channel_gate_address(void) {
    return (unsigned long)cachetutor_channel_gate_site;
}
