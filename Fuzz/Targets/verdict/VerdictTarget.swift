#if canImport(Glibc)
import Glibc
#endif
@testable import TutorGrading

/// What a test process printed before it crashed, turned into the crash's message: the
/// output is the submission's, so the message must stay one short line whatever it holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVerdict(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let output = FuzzInput.text(bytes)
    let limits = SandboxLimits()
    for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGKILL, Int32(bytes.first ?? 0)] {
        let message = TestVerdict.crashMessage(signal: signal, output: output, limits: limits)
        FuzzCheck.expect(!message.isEmpty, "an empty crash message")
        FuzzCheck.expect(FuzzCheck.lineCount(message) == 1, "a crash message of \(FuzzCheck.lineCount(message)) lines")
        FuzzCheck.expect(message.count <= TestVerdict.fatalLineLimit + 120, "a crash message of \(message.count) characters")
    }
    return 0
}
