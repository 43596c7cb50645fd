import Foundation
import Testing
@testable import TutorGrading

@Suite struct TestVerdictTests {
    let test = HiddenTestInfo(name: "miss_generates_once", summary: "a miss generates once", lesson: "05-eviction")
    let limits = SandboxLimits()

    func channel(_ lines: String...) -> [UInt8] {
        Array(lines.joined(separator: "\n").utf8)
    }

    func decide(_ outcome: ProcessOutcome, _ bytes: [UInt8]) -> TestResult {
        TestVerdict.decide(test: test, outcome: outcome, channel: TestVerdict.parse(channel: bytes, secret: "s3cret"), limits: limits, initializer: "ThumbnailCache(generator:)", output: "")
    }

    @Test func aPassNeedsTheSecretTheTestsNameAndACleanExit() {
        let pass = channel(#"{"nonce":"s3cret","kind":"result","test":"miss_generates_once","status":"pass"}"#)
        #expect(decide(ProcessOutcome(termination: .exited(0)), pass).status == .pass)
        let forged = channel(#"{"nonce":"guess","kind":"result","test":"miss_generates_once","status":"pass"}"#, "PASS miss_generates_once")
        let result = decide(ProcessOutcome(termination: .exited(0)), forged)
        #expect(result.status == .incomplete)
        #expect(TestVerdict.parse(channel: forged, secret: "s3cret").forged == 2)
        let otherTest = channel(#"{"nonce":"s3cret","kind":"result","test":"uses_nscache","status":"pass"}"#)
        #expect(decide(ProcessOutcome(termination: .exited(0)), otherTest).status == .incomplete)
    }

    /// A race report counts only with the sanitizer's own record (RaceNotice.c): one the
    /// code under test wrote without the secret is dropped like any forged record.
    @Test func onlyTheSanitizersRecordWithTheSecretSaysThereWasARace() {
        let notice = #"{"nonce":"s3cret","kind":"race","test":"concurrent_access"}"#
        #expect(TestVerdict.parse(channel: channel(notice), secret: "s3cret").raced)
        let forged = TestVerdict.parse(channel: channel(#"{"nonce":"guess","kind":"race","test":"concurrent_access"}"#), secret: "s3cret")
        #expect(!forged.raced && forged.forged == 1)
        #expect(!TestVerdict.parse(channel: channel(), secret: "s3cret").raced)
    }

    @Test func theFirstResultWins() {
        let bytes = channel(
            #"{"nonce":"s3cret","kind":"result","test":"miss_generates_once","status":"fail","message":"ran 2 times"}"#,
            #"{"nonce":"s3cret","kind":"result","test":"miss_generates_once","status":"pass"}"#
        )
        let result = decide(ProcessOutcome(termination: .exited(0)), bytes)
        #expect(result.status == .fail)
        #expect(result.message == "ran 2 times")
        #expect(result.lesson == "05-eviction")
    }

    @Test func aPassFollowedByACrashIsACrash() {
        let pass = channel(#"{"nonce":"s3cret","kind":"result","test":"miss_generates_once","status":"pass"}"#)
        #expect(decide(ProcessOutcome(termination: .exited(128 + SIGSEGV)), pass).status == .crash)
        #expect(decide(ProcessOutcome(termination: .exited(0), timedOut: true), pass).status == .timeout)
    }

    @Test func announcedWaitsDecideNothing() {
        let bytes = channel(
            #"{"nonce":"s3cret","kind":"waiting","thread":3,"wait":1}"#,
            #"{"nonce":"s3cret","kind":"waited","wait":1}"#,
            #"{"nonce":"s3cret","kind":"result","test":"miss_generates_once","status":"fail","message":"ran 2 times"}"#
        )
        let result = decide(ProcessOutcome(termination: .exited(0)), bytes)
        #expect(result.status == .fail)
        #expect(result.message == "ran 2 times")
        #expect(TestVerdict.parse(channel: bytes, secret: "s3cret").forged == 0)
    }

    @Test func endingsWithoutAResult() {
        let constructed = channel(#"{"nonce":"s3cret","kind":"constructed"}"#)
        let exited = decide(ProcessOutcome(termination: .exited(0)), constructed)
        #expect(exited.status == .incomplete)
        #expect(exited.message?.contains("exit()") == true)
        let trap = decide(ProcessOutcome(termination: .exited(128 + SIGILL)), constructed)
        #expect(trap.status == .crash)
        #expect(trap.message?.contains("force-unwrapping nil") == true)
        let cpu = decide(ProcessOutcome(termination: .exited(128 + SIGKILL), duration: .seconds(5)), constructed)
        #expect(cpu.status == .timeout)
        let killedEarly = decide(ProcessOutcome(termination: .signaled(SIGKILL), duration: .milliseconds(30)), constructed)
        #expect(killedEarly.status == .crash)
        let hang = decide(ProcessOutcome(termination: .signaled(SIGKILL), timedOut: true), constructed)
        #expect(hang.status == .timeout)
        #expect(!TestVerdict.showsInitHang(hang, initializer: "ThumbnailCache(generator:)", limits: limits))
    }

    @Test func aHangBeforeInitReturnsIsReportedAsSuch() {
        let result = decide(ProcessOutcome(termination: .signaled(SIGKILL), timedOut: true), [])
        #expect(result.status == .timeout)
        #expect(result.message?.hasPrefix("ThumbnailCache(generator:) did not return") == true)
        #expect(TestVerdict.showsInitHang(result, initializer: "ThumbnailCache(generator:)", limits: limits))
    }

    /// A test near its memory cap crawls until its clock stops it; the message says it was
    /// allocating, and a hang in init that held little memory says nothing of it.
    @Test func aTimeoutNearTheMemoryCapSaysItWasAllocating() {
        var bomb = ProcessOutcome(termination: .signaled(SIGKILL), timedOut: true)
        bomb.peakMemoryBytes = limits.wholeTestMemoryBytes * 3 / 4
        let result = decide(bomb, [])
        #expect(result.status == .timeout)
        #expect(result.message?.contains("held \((limits.wholeTestMemoryBytes * 3 / 4) >> 20) MB when it was stopped") == true)
        #expect(TestVerdict.showsInitHang(result, initializer: "ThumbnailCache(generator:)", limits: limits))
        var loop = ProcessOutcome(termination: .signaled(SIGKILL), timedOut: true)
        loop.peakMemoryBytes = 4 << 20
        #expect(decide(loop, []).message?.contains("allocate") == false)
    }

    @Test func fatalErrorsAreQuotedFromTheOutput() {
        let outcome = ProcessOutcome(termination: .exited(128 + SIGILL))
        let result = TestVerdict.decide(test: test, outcome: outcome, channel: .init(), limits: limits, initializer: "ThumbnailCache(generator:)", output: "Fatal error: Unexpectedly found nil while unwrapping an Optional value\nCurrent stack trace:")
        #expect(result.message == "the test process crashed: Fatal error: Unexpectedly found nil while unwrapping an Optional value")
    }

    @Test func sandboxRecordsCarryTheMeasuredIsolation() {
        let report = TestVerdict.parse(channel: channel(#"{"nonce":"s3cret","kind":"sandbox","isolation":{"mechanism":"namespaces","user":true,"pid":true,"network":true,"mount":false}}"#), secret: "s3cret")
        #expect(report.isolation == IsolationReport(mechanism: .namespaces, user: true, pid: true, network: true, mount: false, code: false, noexec: false))
        // A record from before the filter and noexec were measured counts them as missing.
        #expect(report.isolation?.missingLayers == ["filesystem", "code-lock", "noexec"])
    }

    @Test func aRunnerFaultAfterTheSandboxRecordIsTheCodeUnderTestsAndCountsForNothing() {
        let sandbox = #"{"nonce":"s3cret","kind":"sandbox","isolation":{"mechanism":"bubblewrap","user":true,"pid":true,"network":true,"mount":true,"code":true,"noexec":true}}"#
        let fault = #"{"nonce":"s3cret","kind":"toolError","message":"the runner failed"}"#
        #expect(TestVerdict.parse(channel: channel(fault), secret: "s3cret").toolError == "the runner failed")
        let forged = TestVerdict.parse(channel: channel(sandbox, fault), secret: "s3cret")
        #expect(forged.toolError == nil)
        #expect(forged.forged == 1)
    }

    @Test func aSandboxThatNeverReportsOrReportsLessIsTheGradersFault() {
        let full = IsolationReport(mechanism: .bubblewrap, user: true, pid: true, network: true, mount: true, code: true, noexec: true)
        let silent = TestVerdict.toolFault(outcome: ProcessOutcome(termination: .exited(1), output: Array("bwrap: execvp: No such file\n".utf8)), channel: .init(), expected: full)
        #expect(silent?.contains("bwrap: execvp") == true)
        var weaker = TestVerdict.ChannelReport()
        weaker.isolation = IsolationReport(mechanism: .bubblewrap, user: true, pid: true, network: false, mount: true, code: true, noexec: true)
        #expect(TestVerdict.toolFault(outcome: ProcessOutcome(termination: .exited(0)), channel: weaker, expected: full)?.contains("network") == true)
        var same = TestVerdict.ChannelReport()
        same.isolation = full
        #expect(TestVerdict.toolFault(outcome: ProcessOutcome(termination: .exited(0)), channel: same, expected: full) == nil)
        var refused = same
        refused.toolError = "cannot load the compiled submission"
        #expect(TestVerdict.toolFault(outcome: ProcessOutcome(termination: .exited(0)), channel: refused, expected: full) == "cannot load the compiled submission")
    }

    @Test func aTestThatEndsBeforeInitReturnsStopsTheRest() {
        let exited = TestResult(name: "uses_nscache", summary: "", status: .incomplete, message: "the test process exited before reporting a result")
        #expect(TestVerdict.stopReason(exited, constructed: false, initializer: "ThumbnailCache(generator:)", limits: limits)?.contains("never returned in uses_nscache") == true)
        #expect(TestVerdict.stopReason(exited, constructed: true, initializer: "ThumbnailCache(generator:)", limits: limits) == nil)
        let failed = TestResult(name: "uses_nscache", summary: "", status: .fail, message: "no NSCache")
        #expect(TestVerdict.stopReason(failed, constructed: false, initializer: "ThumbnailCache(generator:)", limits: limits) == nil)
        let hang = TestResult(name: "t", summary: "", status: .timeout, message: TestVerdict.initHangMessage("ThumbnailCache(generator:)", limits: limits))
        #expect(TestVerdict.stopReason(hang, constructed: false, initializer: "ThumbnailCache(generator:)", limits: limits) == TestVerdict.initHangMessage("ThumbnailCache(generator:)", limits: limits))
    }

    @Test func limitsBecomeRunnerArguments() {
        let limits = SandboxLimits()
        #expect(!limits.runnerArguments(dropToUser: false).contains("--drop-to-user"))
        let root = limits.runnerArguments(dropToUser: true)
        #expect(root.suffix(2) == ["--drop-to-user", "65534"])
        #expect(root.contains("--cpu-seconds"))
    }
}

@Suite struct LearnerFacingOutputTests {
    @Test func runtimeMessagesPointAtTheLearnersFileWithoutStackAddresses() {
        let output = """
        hello from init
        Submission/ThumbnailCache.swift:27: Fatal error: Unexpectedly found nil while unwrapping an Optional value
        Current stack trace:
        0    libswiftCore.so                    0x00007f80ce95f130 swift_reportError + 50
        1    libswiftCore.so                    0x00007f80ced12b60 _swift_stdlib_reportFatalErrorInFile + 115
        wrote /tmp/cachetutor-check-Ab12Cd/test-3/notes.txt
        """
        let shown = Grader.learnerFacing(output, exercise: "ThumbnailCache", workspacePath: "/tmp/cachetutor-check-Ab12Cd", displayPath: "ex/ThumbnailCache.swift")
        #expect(shown == """
        hello from init
        ex/ThumbnailCache.swift:27: Fatal error: Unexpectedly found nil while unwrapping an Optional value
        wrote ./test-3/notes.txt
        """)
    }

    /// The submission writes the `Fatal error:` text, and its length: the message quotes it
    /// as one line, spelt out and cut.
    @Test func aCrashMessageQuotesTheFatalLineShortAndSpeltOut() {
        let output = "noise\nFatal error: \u{1B}[2J" + String(repeating: "x", count: 5_000) + "\nmore\n"
        let message = TestVerdict.crashMessage(signal: SIGILL, output: output, limits: SandboxLimits())
        #expect(message.hasPrefix("the test process crashed: Fatal error: \\u{1B}[2Jxxx"))
        #expect(message.count <= TestVerdict.fatalLineLimit + 40 && message.hasSuffix("…"))
        #expect(!message.contains("\n") && !message.unicodeScalars.contains { $0.value == 0x1B })
        let allocation = TestVerdict.crashMessage(signal: SIGABRT, output: "Fatal error: could not allocate memory\n", limits: SandboxLimits())
        #expect(allocation.contains("memory limit"))
    }
}
