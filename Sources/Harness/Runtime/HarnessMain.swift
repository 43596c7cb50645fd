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
        let thread = Thread {
            do {
                try test.body(subject)
                channel.reportResult(test: name, passed: true, message: nil)
            } catch let failure as TestFailure {
                channel.reportResult(test: name, passed: false, message: failure.message)
            } catch {
                channel.reportResult(test: name, passed: false, message: "the test stopped with an unexpected error: \(error)")
            }
            _exit(0)
        }
        thread.stackSize = 8 << 20
        thread.start()
        dispatchMain()
    }
}
