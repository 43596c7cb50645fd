import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The entry point of every test runner, compiled into the harness library so that a
/// submission can neither replace `main` nor see the runner's declarations.
///
///     runner --list                        # the catalog of hidden tests, as JSON
///     runner run miss_generates_once …     # one test, confined; result on descriptor 3
@main
enum HarnessMain {
    /// The mangled name of the prelude's adapter class in module `Submission`.
    static let adapterTypeName = "10Submission25_CachetutorSubjectAdapterC"

    static func main() {
        let arguments = CommandLine.arguments
        if arguments.count >= 2, arguments[1] == "--list" {
            let catalog = ThumbnailCacheTests.all.map { CatalogEntry(name: $0.name, summary: $0.summary, lesson: $0.lesson) }
            let data = (try? JSONEncoder().encode(catalog)) ?? Data()
            FileHandle.standardOutput.write(data)
            exit(0)
        }
        guard arguments.count >= 3, arguments[1] == "run" else {
            FileHandle.standardError.write(Data("usage: runner --list | runner run TEST [--limit value]…\n".utf8))
            exit(64)
        }
        let channel = ResultChannel.open()
        SandboxSetup.confine(SandboxOptions(arguments: arguments.dropFirst(3)), channel: channel)
        // Unbuffered, so what the submission printed is captured even when the runner
        // ends right after reporting.
        setvbuf(stdout, nil, _IONBF, 0)

        let name = arguments[2]
        guard let test = ThumbnailCacheTests.all.first(where: { $0.name == name }) else {
            channel.reportResult(test: name, passed: false, message: "the grader has no test named \(name)")
            _exit(0)
        }
        guard let subject = _typeByName(adapterTypeName) as? any ThumbnailCacheSubject.Type else {
            channel.reportResult(test: name, passed: false, message: "the grader could not find ThumbnailCache in the compiled submission")
            _exit(0)
        }
        // The test runs on its own thread while the main thread serves the main queue,
        // so a submission that completes with `DispatchQueue.main.async` still completes.
        let testProcess = getpid()
        let thread = Thread {
            // One instance first, so the grader can tell a hang in init from a hang later.
            _ = subject.init(generator: { _ in nil })
            channel.reportConstructed()
            var passed = false
            var message: String?
            do {
                try test.body(subject)
                passed = true
            } catch let failure as TestFailure {
                message = failure.message
            } catch {
                message = "the test stopped with an unexpected error: \(error)"
            }
            // A copy made by fork() runs this code too; only the test process reports.
            guard getpid() == testProcess else { _exit(0) }
            if startedChildProcesses() {
                passed = false
                message = "the code started another process (fork, Process or posix_spawn); a ThumbnailCache must not run programs"
            }
            channel.reportResult(test: name, passed: passed, message: message)
            _exit(0)
        }
        thread.stackSize = 8 << 20
        thread.start()
        dispatchMain()
    }

    /// Whether this process has (or had) a child. In the test's pid namespace this process
    /// is the init, so orphaned grandchildren count as well.
    static func startedChildProcesses() -> Bool {
        var status: Int32 = 0
        return waitpid(-1, &status, WNOHANG) != -1 || errno != ECHILD
    }
}
