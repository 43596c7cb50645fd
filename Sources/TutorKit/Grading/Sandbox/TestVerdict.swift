import Foundation
import TutorTerminal
import HarnessContract

/// Decides how one hidden test ended, from what its process did: the only place where a
/// result can become a pass, and only from a record on the private channel that carries
/// the run's secret and names this test.
public enum TestVerdict {
    /// What the result channel said, after records without the secret were dropped.
    public struct ChannelReport: Equatable, Sendable {
        /// Results by test name, first record wins.
        public var results: [String: (passed: Bool, message: String?)] = [:]
        /// The isolation the test process measured from inside.
        public var isolation: IsolationReport?
        /// What the runner itself could not do (load the submission, say): a grader fault.
        public var toolError: String?
        /// How many records were dropped for a wrong or missing secret.
        public var forged = 0
        /// Whether `ThumbnailCache(generator:)` returned at least once.
        public var constructed = false
        /// Whether ThreadSanitizer itself said it reported a race: only then is a report in
        /// the test's output the sanitizer's rather than text the code under test printed.
        public var raced = false

        public static func == (lhs: ChannelReport, rhs: ChannelReport) -> Bool {
            lhs.isolation == rhs.isolation && lhs.toolError == rhs.toolError && lhs.forged == rhs.forged && lhs.constructed == rhs.constructed
                && lhs.raced == rhs.raced
                && lhs.results.keys.sorted() == rhs.results.keys.sorted()
                && lhs.results.allSatisfy { rhs.results[$0.key]?.passed == $0.value.passed && rhs.results[$0.key]?.message == $0.value.message }
        }
    }

    /// Parses the channel's JSON lines, keeping only records that carry `secret`.
    public static func parse(channel bytes: [UInt8], secret: String) -> ChannelReport {
        var report = ChannelReport()
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? JSONDecoder().decode(ChannelRecord<IsolationReport>.self, from: Data(line)), record.nonce == secret else {
                report.forged += 1
                continue
            }
            switch record.kind {
            case .result:
                guard let test = record.test, let status = record.status, report.results[test] == nil else { continue }
                report.results[test] = (status == "pass", record.message)
            case .constructed:
                report.constructed = true
            case .sandbox:
                report.isolation = report.isolation ?? record.isolation
            case .toolError:
                // The runner reports its own faults only before the sandbox record, which it
                // sends once the submission is loaded; one after it was written by the code
                // under test, which proves nothing about the grader.
                guard report.isolation == nil else {
                    report.forged += 1
                    continue
                }
                report.toolError = report.toolError ?? record.message ?? "the runner failed"
            case .race:
                report.raced = true
            case .waiting, .waited:
                continue
            }
        }
        return report
    }

    /// The result of `test` given how its process ended.
    ///
    /// `initializer` is how the exercise's README writes the initialiser every test starts
    /// with (`ThumbnailCache(generator:)`), for the message of a test that never got past it.
    public static func decide(test: HiddenTestInfo, outcome: ProcessOutcome, channel: ChannelReport, limits: SandboxLimits, initializer: String, output: String) -> TestResult {
        var result = TestResult(
            name: test.name, summary: test.summary, status: .incomplete, lesson: test.lesson,
            output: output, durationMilliseconds: Int(outcome.duration / .milliseconds(1))
        )
        result.point = test.point
        let reported = channel.results[test.name]
        let signal = signal(of: outcome.termination)
        let seconds = Int(limits.wallClock / .seconds(1))

        if outcome.timedOut && !channel.constructed {
            result.status = .timeout
            result.message = initHangMessage(initializer, limits: limits) + allocationNote(outcome, limits: limits)
        } else if outcome.timedOut {
            result.status = .timeout
            result.message = "the test did not finish within \(seconds) s: an endless loop, a deadlock, or a completion waiting for something that never happens?"
                + allocationNote(outcome, limits: limits)
        } else if let reported, outcome.termination == .exited(0) {
            result.status = reported.passed ? .pass : .fail
            result.message = reported.passed ? nil : reported.message
            result.note = reported.passed ? reported.message : nil
        } else if let reported, !reported.passed {
            result.status = .fail
            result.message = reported.message
        } else if let signal, signal == SIGXCPU || (signal == SIGKILL && outcome.duration >= .seconds(limits.cpuSeconds) * 0.9) {
            result.status = .timeout
            result.message = "the test was stopped after using \(limits.cpuSeconds) s of CPU time: an endless loop?"
        } else if let signal {
            result.status = .crash
            result.message = crashMessage(signal: signal, output: output, limits: limits)
        } else if case let .exited(code) = outcome.termination {
            result.status = .incomplete
            result.message = code == 0
                ? "the test process exited before reporting a result: does the code call exit()?"
                : "the test process exited with status \(code) before reporting a result: does the code call exit()?"
        }
        return result
    }

    /// Why a test timed out before the exercise's `initializer` returned; also the message of
    /// the tests the grader then skips, so a hanging init reads the same in every test.
    public static func initHangMessage(_ initializer: String, limits: SandboxLimits) -> String {
        "\(initializer) did not return within \(Int(limits.wallClock / .seconds(1))) s: an endless loop or a deadlock in init?"
    }

    /// Why the tests not yet started need not run, or nil: a test that ended (hung, crashed,
    /// exited) before the exercise's `initializer` ever returned shows how every test would
    /// end, since every test starts by making one instance with the same arguments.
    public static func stopReason(_ result: TestResult, constructed: Bool, initializer: String, limits: SandboxLimits) -> String? {
        guard !constructed, result.status != .pass, result.status != .fail else { return nil }
        if showsInitHang(result, initializer: initializer, limits: limits) { return result.message }
        return "not run: \(initializer) never returned in \(result.name) (\(result.message ?? result.status.rawValue)); every test starts with it, so every test would end the same way"
    }

    /// The grader's own fault in a test run, or nil: the runner reported one, the sandbox
    /// never came up, or it came up with other isolation than the probe measured.
    public static func toolFault(outcome: ProcessOutcome, channel: ChannelReport, expected: IsolationReport) -> String? {
        if let error = channel.toolError { return error }
        guard let isolation = channel.isolation else {
            let said = outcome.outputText.split(separator: "\n").first.map(String.init) ?? ""
            return "the sandbox did not start (\(outcome.termination))" + (said.isEmpty ? "" : ": \(said)")
        }
        if isolation != expected {
            return "the test ran without \(isolation.missingLayers.joined(separator: ", ")) isolation, which the probe had measured"
        }
        return nil
    }

    /// Whether `result` shows that init never returns, so running the other tests is pointless.
    public static func showsInitHang(_ result: TestResult, initializer: String, limits: SandboxLimits) -> Bool {
        result.status == .timeout && result.message?.hasPrefix(initHangMessage(initializer, limits: limits)) == true
    }

    /// For a test stopped by its clock while it held a quarter of its memory cap or more (a
    /// correct test holds a few tens of MB): a machine short of fresh pages, or a test near
    /// its cap, slows allocation to a crawl before anything is killed, so such a test reads
    /// as a hang unless it is said that it was allocating.
    static func allocationNote(_ outcome: ProcessOutcome, limits: SandboxLimits) -> String {
        guard let peak = outcome.peakMemoryBytes, peak >= limits.wholeTestMemoryBytes / 4 else { return "" }
        return " It held \(peak >> 20) MB when it was stopped (the cap is \(limits.wholeTestMemoryBytes >> 20) MB): does it allocate memory without end?"
    }

    /// The longest `Fatal error:` line a crash message quotes.
    static let fatalLineLimit = 300

    /// The signal that ended the test process: directly, or as the runner's 128 + N relay.
    static func signal(of termination: ProcessOutcome.Termination) -> Int32? {
        switch termination {
        case let .signaled(signal): signal
        case let .exited(code) where code > 128 && code < 128 + 65: code - 128
        case .exited: nil
        }
    }

    /// What a crash looks like to the learner: the runtime's `Fatal error:` line, when the
    /// output has one, spelt out and cut to ``fatalLineLimit`` characters (the file chose its
    /// text, and its length), else what the signal usually means.
    static func crashMessage(signal: Int32, output: String, limits: SandboxLimits) -> String {
        if let fatal = TextLines.split(output).first(where: { $0.contains("Fatal error") }) {
            let text = MessageText.excerpt(fatal.trimmingCharacters(in: .whitespaces), limit: fatalLineLimit)
            if text.contains("allocate") {
                return "the test process crashed: \(text) (it used up the \(limits.wholeTestMemoryBytes >> 20) MB memory limit)"
            }
            return "the test process crashed: \(text)"
        }
        switch signal {
        case SIGILL, SIGTRAP:
            // libdispatch stops a sync onto the queue the thread already runs on with the
            // same trap instruction, and prints nothing first.
            return "the test process crashed on a trap: force-unwrapping nil, an index out of range, an overflow, fatalError, or DispatchQueue.sync called from inside the same queue (a deadlock that libdispatch stops)"
        case SIGSEGV, SIGBUS:
            return "the test process crashed with a memory fault (SIGSEGV): often two threads changing a dictionary at once, or endless recursion"
        case SIGABRT:
            return "the test process aborted (SIGABRT)"
        case SIGKILL:
            return "the test process was killed (SIGKILL): did the code kill its own process?"
        default:
            return "the test process was ended by signal \(signal)"
        }
    }
}
