import CacheEngine
import CodeLock
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The entry point of the test runner. One runner serves the whole course: an exercise's
/// hidden tests arrive as a library (`--tests`), the learner's file as another, loaded after
/// the sandbox is up, so a submission can neither replace `main` nor see the runner's
/// declarations.
///
///     runner --list --tests T                                  # the catalog of hidden tests, as JSON
///     runner probe --mechanism M …                             # the isolation a test would get, as JSON
///     runner run miss_generates_once --tests T --submission S …  # one test, confined; result on ChannelDescriptor.results
///
/// Nothing here names an exercise: the tests library's suite (``LoadedSuite``) binds each
/// test to the adapter the learner's module holds.
@main
enum HarnessMain {
    static func main() {
        let arguments = CommandLine.arguments
        if arguments.count >= 2, arguments[1] == "--list" {
            switch SuiteLoader.load(SandboxOptions(arguments: arguments.dropFirst(2)).tests) {
            case let .success(suite):
                FileHandle.standardOutput.write((try? JSONEncoder().encode(suite.catalog)) ?? Data())
                exit(0)
            case let .failure(error):
                FileHandle.standardError.write(Data((error.message + "\n").utf8))
                exit(70)
            }
        }
        if arguments.count >= 2, arguments[1] == "probe" {
            let options = SandboxOptions(arguments: arguments.dropFirst(2))
            SandboxSetup.confine(options)
            _ = CodeLock.engage()
            FileHandle.standardOutput.write((try? JSONEncoder().encode(Isolation.measure(options, gate: nil))) ?? Data())
            _exit(0)
        }
        guard arguments.count >= 3, arguments[1] == "run" else {
            FileHandle.standardError.write(Data("usage: runner --list --tests T | runner probe [--option value]… | runner run TEST [--option value]…\n".utf8))
            exit(64)
        }
        let channel = ResultChannel.open()
        let options = SandboxOptions(arguments: arguments.dropFirst(3))
        // The course's own tests, before the sandbox: they are the runner's code as much as
        // its own image is.
        let suite: any LoadedSuite.Type
        switch SuiteLoader.load(options.tests) {
        case let .success(loaded): suite = loaded
        case let .failure(error):
            channel.reportToolError(error.message)
            _exit(0)
        }
        SandboxSetup.confine(options)
        // Unbuffered, so what the submission printed is captured even when the runner
        // ends right after reporting.
        setvbuf(stdout, nil, _IONBF, 0)

        let name = arguments[2]
        guard suite.catalog.contains(where: { $0.name == name }) else {
            channel.reportToolError("the runner has no test named \(name)")
            _exit(0)
        }
        channel.prepareRaceNotice(test: name)
        if let policy = options.enginePolicy { EvictionPolicy.defaultForNewCaches = policy }
        if options.notices { BoundedWait.listenForNotices() }
        let test: PreparedTest
        switch SubmissionLoader.load(options.submission).map({ suite.prepare(test: name, adapter: $0) }) {
        case let .success(.ready(prepared)):
            test = prepared
        case .success(.notAdopted):
            channel.reportToolError("the compiled submission's adapter does not adopt the exercise's API")
            _exit(0)
        case .success(.noSuchTest):
            channel.reportToolError("the runner has no test named \(name)")
            _exit(0)
        case let .failure(error):
            channel.reportToolError(error.message)
            _exit(0)
        }
        // Loading mapped the submission's code; from here on nothing may map more, start a
        // program, or write on the channel but the gate (see CodeLock). Measured after, so a
        // filter the kernel refused shows as missing, and the grader, which probed it,
        // reports its own fault instead of a result.
        _ = CodeLock.engage(gate: ResultChannel.gate)
        let isolation = Isolation.measure(options, gate: ResultChannel.gate)
        channel.reportSandbox(isolation)
        // The test runs on its own thread while the main thread serves the main queue,
        // so a submission that completes with `DispatchQueue.main.async` still completes.
        let testProcess = getpid()
        let thread = Thread {
            // One instance first, so the grader can tell a hang in init from a hang later.
            test.construct()
            channel.reportConstructed()
            var passed = false
            var message: String?
            do {
                try test.body()
                passed = true
            } catch let failure as TestFailure {
                message = failure.message
            } catch {
                message = "the test stopped with an unexpected error: \(error)"
            }
            // A copy made by fork() runs this code too; only the test process reports.
            guard getpid() == testProcess else { _exit(0) }
            if startedChildProcesses(ownPIDNamespace: isolation.pid) {
                passed = false
                message = "the code started another process (fork, Process or posix_spawn); an exercise must not run programs"
            }
            channel.reportResult(test: name, passed: passed, message: passed ? TestNote.current : message)
            _exit(0)
        }
        thread.stackSize = 8 << 20
        thread.start()
        dispatchMain()
    }

    /// Whether this process has (or had) a child, or another process shares its pid
    /// namespace besides its reaper (an orphaned grandchild).
    static func startedChildProcesses(ownPIDNamespace: Bool) -> Bool {
        var status: Int32 = 0
        if waitpid(-1, &status, WNOHANG) != -1 || errno != ECHILD { return true }
        guard ownPIDNamespace, let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc")
        else { return false }
        let me = getpid(), reaper = getppid()
        return entries.contains { entry in
            guard let pid = Int32(entry) else { return false }
            return pid != me && pid != reaper && pid != 1
        }
    }
}
