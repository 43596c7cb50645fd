import Foundation
import Testing

/// `cachetutor check` as a learner runs it: compile errors and exit codes, report files,
/// and hostile submissions whose test runners must not outlive the check.
@Suite(.serialized) struct CheckEndToEndTests {
    static let corpus = Cachetutor.packageRoot.appendingPathComponent("Tests/Fixtures/Submissions/ThumbnailCache")

    /// What a fixture's first line promises.
    enum Expectation: Equatable {
        case pass
        case fail([String])
        case error
        case reject
    }

    static func expectation(of file: URL) -> Expectation? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let firstLine = data.prefix { $0 != UInt8(ascii: "\n") }
        let words = String(decoding: firstLine, as: UTF8.self).split(separator: " ").map(String.init)
        guard words.count >= 3, words[0] == "//", words[1] == "expect:" else { return nil }
        switch words[2] {
        case "pass": return .pass
        case "fail": return .fail(Array(words.dropFirst(3)))
        case "error": return .error
        case "reject": return .reject
        default: return nil
        }
    }

    /// `scratch` becomes the grader's TMPDIR: every process of the check names it on its
    /// command line (the staged runner, and bubblewrap binding it), so a leftover is found by it.
    func check(_ file: URL, scratch: URL? = nil) throws -> (status: Int32, json: [String: Any]?, stderr: String) {
        let home = try Cachetutor.temporaryFolder("check")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try Cachetutor.run(["check", file.path, "--format", "json"], home: home,
                                        extraEnvironment: scratch.map { ["TMPDIR": $0.path] } ?? [:])
        let json = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result.status, json, result.stderr)
    }

    func verify(_ file: URL, scratch: URL? = nil) throws {
        let name = file.lastPathComponent
        let expected = try #require(Self.expectation(of: file), "\(name) has no '// expect:' header")
        let (status, json, stderr) = try check(file, scratch: scratch)
        switch expected {
        case .reject:
            #expect(status == 65, "\(name): \(stderr)")
            #expect(stderr.contains(name), "\(name): the message should name the file: \(stderr)")
        case .error:
            #expect(status == 2, "\(name)")
            #expect(json?["status"] as? String == "error", "\(name)")
        case .pass:
            #expect(status == 0, "\(name): \(json ?? [:])")
        case let .fail(tests):
            #expect(status == 1, "\(name)")
            let results = json?["tests"] as? [[String: Any]] ?? []
            let failing = Set(results.filter { $0["status"] as? String != "pass" }.compactMap { $0["name"] as? String })
            for test in tests {
                #expect(failing.contains(test), "\(name): \(test) should not pass")
            }
        }
    }

    // Every fixture's verdict is checked once, by CheckCorpusTests; here only what that
    // suite does not look at: the grader's own runner processes after hostile checks.
    @Test func runnersDoNotOutliveHostileChecks() throws {
        let hostile = ["04-spins-ignoring-signals", "08-lingering-children", "09-escaping-children", "10-kills-parent"]
        let scratch = try Cachetutor.temporaryFolder("check-scratch")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in hostile {
            let file = Self.corpus.appendingPathComponent("hostile/\(name).swift")
            try verify(file, scratch: scratch)
        }
        #expect(Self.leftoverTestProcesses(naming: scratch).isEmpty, "processes left behind: \(Self.leftoverTestProcesses(naming: scratch))")
    }

    /// What a submission prints reaches the report it is graded in; a control character of
    /// its own must show as text there, or it could clear the reader's screen and draw a pass.
    @Test func aSubmissionCannotDrawOnTheReadersTerminal() throws {
        let home = try Cachetutor.temporaryFolder("check-escapes")
        defer { try? FileManager.default.removeItem(at: home) }
        // The folder's name draws too, as a learner's (or a CI's) path may.
        let folder = home.appendingPathComponent("\u{1B}[2J\u{1B}[H20 of 20 passed\u{1B}[8m")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fixture = folder.appendingPathComponent("ThumbnailCache.swift")
        try FileManager.default.copyItem(at: Self.corpus.appendingPathComponent("hostile/68-draws-a-fake-result-with-escape-codes.swift"), to: fixture)
        for verbose in [false, true] {
            let result = try Cachetutor.run(["check", fixture.path] + (verbose ? ["--verbose"] : []), home: home)
            #expect(result.status == 1)
            let raw = (result.stdout + result.stderr).unicodeScalars.filter { $0.value == 0x1B || $0 == "\r" }
            #expect(raw.isEmpty, "the report carries \(raw.count) raw control characters the submission printed")
            #expect(result.stdout.contains("\\u{1B}[2J"), "the codes should show as text: \(result.stdout.prefix(800))")
        }
    }

    @Test func compileErrorsAndExitCodes() throws {
        let home = try Cachetutor.temporaryFolder("check")
        defer { try? FileManager.default.removeItem(at: home) }
        let missing = try Cachetutor.run(["check", "no/such/ThumbnailCache.swift"], home: home)
        #expect(missing.status == 66)
        #expect(missing.stderr == "cachetutor: no/such/ThumbnailCache.swift: no such file\n")

        let source = home.appendingPathComponent("ThumbnailCache.swift")
        try Data("final class ThumbnailCache {\n    init(generator: @escaping (String) -> UIImage?) {}\n    func oops() { undefined() }\n}\n".utf8).write(to: source)
        let broken = try Cachetutor.run(["check", "ThumbnailCache.swift"], home: home, workingDirectory: home)
        #expect(broken.status == 2)
        #expect(broken.stdout.contains("ThumbnailCache.swift:3:19: error: cannot find 'undefined' in scope"))
        #expect(!broken.stdout.contains(home.path))

        let output = home.appendingPathComponent("results.xml")
        let junit = try Cachetutor.run(["check", "ThumbnailCache.swift", "--format", "junit", "--output", output.path], home: home, workingDirectory: home)
        #expect(junit.status == 2)
        #expect(junit.stdout.isEmpty)
        #expect((try? String(contentsOf: output, encoding: .utf8))?.contains("<testcase classname=\"ThumbnailCache\" name=\"compile\"") == true)

        // A report that cannot be written is an output failure (73), not a missing input.
        let nowhere = try Cachetutor.run(["check", "ThumbnailCache.swift", "--output", "no/such/folder/report.txt"], home: home, workingDirectory: home)
        #expect(nowhere.status == 73, "\(nowhere.stderr)")
        #expect(nowhere.stderr.contains("no/such/folder/report.txt: cannot write the report"))
    }

    /// Live processes whose command line names `scratch`, a second after the checks ended:
    /// leaks of those checks, and nobody else's. Read from /proc.
    static func leftoverTestProcesses(naming scratch: URL) -> [String] {
        Thread.sleep(forTimeInterval: 1)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.compactMap { pid in
            guard let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8), command.contains(scratch.path) else { return nil }
            return "\(pid): \(command.split(separator: "\0").joined(separator: " "))"
        }
    }
}

/// A cold check (the harness built from nothing) with an empty XDG_CACHE_HOME leaves
/// nothing in the learner's folder: the compilers run in the cache, with its module cache.
@Suite struct ColdCheckLeavesNothingTests {
    @Test func aColdCheckWritesOnlyIntoTheCache() throws {
        let home = try Cachetutor.temporaryFolder("cold-home")
        let work = try Cachetutor.temporaryFolder("cold-work")
        let reference = Cachetutor.packageRoot.appendingPathComponent("Exercises/ThumbnailCache/.grading/Reference/ThumbnailCache.swift")
        try FileManager.default.copyItem(at: reference, to: work.appendingPathComponent("ThumbnailCache.swift"))
        let result = try Cachetutor.run(["check", "ThumbnailCache.swift"], home: home, workingDirectory: work,
                                        extraEnvironment: ["XDG_CACHE_HOME": "", "XDG_DATA_HOME": ""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["ThumbnailCache.swift"])
    }
}
