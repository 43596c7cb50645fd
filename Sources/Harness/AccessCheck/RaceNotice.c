// Tells the grader, on the result channel, that a race report on standard error is the
// runner's own: ThreadSanitizer's, or the dynamic-access check's (`DynamicAccesses.c`).
//
// A learner's file can print text that looks like a report and exit with the race exit
// code, in either runner; the report's frames then steer the grader's symbolizer. The
// sanitizer calls `__tsan_on_report` (a weak hook of its runtime, defined here, and unused
// in the runner without it) after it has printed a report and before `halt_on_error` ends
// the process, and the access check calls `cachetutor_send_race_notice` before it ends the
// test; both write a record the runner prepared before loading the submission, carrying
// the run's secret, so the grader reads a report only when this record came with it. No
// allocation and no interceptor: the write is a raw system call, made from the channel's gate.
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// The record carries the secret, so it lives in a page of its own with an unmapped page on
// each side, not in the runner's static data: a read that runs on from a buffer of the
// runtime's (a decoder of Foundation's once copied past an empty one) faults before it gets
// there. A red team read it out of a static array this way and forged 19 of 20.
static char *notice;
static size_t noticeLength;
static int channel = -1;

// Called once by the runner, with the result channel's descriptor (`ChannelDescriptor`)
// and the record (one JSON line), before any test code runs.
void cachetutor_prepare_race_notice(int descriptor, const char *record, size_t length) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (length > page) return;
    char *area = mmap(NULL, 3 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (area == MAP_FAILED) return;
    if (mprotect(area + page, page, PROT_READ | PROT_WRITE) != 0) {
        munmap(area, 3 * page);
        return;
    }
    notice = area + page;
    memcpy(notice, record, length);
    noticeLength = length;
    channel = descriptor;
}

// The only way onto the channel once the submission is loaded (`ChannelGate.c`).
long cachetutor_channel_write(int descriptor, const void *bytes, size_t length);

void cachetutor_send_race_notice(void) {
    size_t done = 0;
    while (channel >= 0 && done < noticeLength) {
        long written = cachetutor_channel_write(channel, notice + done, noticeLength - done);
        if (written <= 0) return;
        done += (size_t)written;
    }
}

void __tsan_on_report(const void *report) {
    (void)report;
    cachetutor_send_race_notice();
}
