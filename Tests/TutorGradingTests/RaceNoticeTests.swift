import Foundation
import Testing
import TutorTestSupport
@testable import TutorGrading

/// The race notice's record carries the run's secret, so `RaceNotice.c` keeps it in a page of
/// its own between two unmapped pages: a red team once read it out of the runner's static
/// data by a copy that ran on past a buffer. Here the record is sent whole, and a read one
/// byte before or after its page ends the process instead of reaching it.
@Suite(.enabled(if: (try? Toolchain.locate(environment: ProcessInfo.processInfo.environment)) != nil))
struct RaceNoticeTests {
    /// A program built around `RaceNotice.c` itself (included, so its statics are in reach)
    /// and the channel's gate it writes through: it prepares a record, then sends it, or
    /// reads past the page by the given offset.
    static let probe = """
    #include "RaceNotice.c"
    #include <stdio.h>
    #include <stdlib.h>
    int main(int argc, char **argv) {
        const char record[] = "{\\"kind\\":\\"race\\",\\"secret\\":\\"0123456789abcdef0123456789abcdef\\"}\\n";
        cachetutor_prepare_race_notice(1, record, sizeof record - 1);
        if (notice == NULL) return 3;
        if (argc < 2) { __tsan_on_report(NULL); return 0; }
        long offset = atol(argv[1]);
        volatile char *byte = notice + offset;
        printf("read %d\\n", *byte);
        return 0;
    }
    """

    static func build() throws -> (program: URL, folder: URL) {
        let toolchain = try Toolchain.locate(environment: ProcessInfo.processInfo.environment)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("race-notice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("probe.c"), program = folder.appendingPathComponent("probe")
        try Data(probe.utf8).write(to: source)
        let built = try PosixProcessRunner().run(ProcessRequest(
            executable: toolchain.clang.path,
            arguments: ["-O1", "-I", PackageRoot.appending("Sources/Harness/AccessCheck").path, "-o", program.path, source.path,
                        PackageRoot.appending("Sources/Harness/AccessCheck/ChannelGate.c").path],
            environment: ProcessInfo.processInfo.environment, workingDirectory: folder.path, wallClockLimit: .seconds(120)))
        #expect(built.termination == .exited(0), "\(built.outputText)")
        return (program, folder)
    }

    static func run(_ program: URL, _ arguments: [String]) throws -> ProcessOutcome {
        try PosixProcessRunner().run(ProcessRequest(executable: program.path, arguments: arguments, environment: [:], wallClockLimit: .seconds(30)))
    }

    @Test func theRecordIsSentWholeAndNothingBesideItsPageCanBeRead() throws {
        let (program, folder) = try Self.build()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sent = try Self.run(program, [])
        #expect(sent.termination == .exited(0))
        #expect(sent.outputText == "{\"kind\":\"race\",\"secret\":\"0123456789abcdef0123456789abcdef\"}\n")

        let page = sysconf(Int32(_SC_PAGESIZE))
        #expect(try Self.run(program, ["0"]).termination == .exited(0), "the record's own page is readable")
        for offset in [-1, -page, page, 2 * page - 1] {
            let outcome = try Self.run(program, [String(offset)])
            #expect(outcome.termination == .signaled(SIGSEGV), "a read at \(offset) from the record: \(outcome.termination) \(outcome.outputText)")
        }
    }
}
