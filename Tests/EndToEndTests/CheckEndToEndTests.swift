import Foundation
import Testing

/// `cachetutor check` as a learner runs it, on every submission of the fixture corpus:
/// each header `// expect: pass | fail TEST… | error | reject` must hold, no hostile
/// submission may pass, and nothing may be left running.
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

    static func fixtures(_ group: String) -> [URL] {
        let folder = corpus.appendingPathComponent(group)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0) }
    }

    func check(_ file: URL) throws -> (status: Int32, json: [String: Any]?, stderr: String) {
        let home = try Cachetutor.temporaryFolder("check")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try Cachetutor.run(["check", file.path, "--format", "json"], home: home)
        let json = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result.status, json, result.stderr)
    }

    func verify(_ file: URL) throws {
        let name = file.lastPathComponent
        let expected = try #require(Self.expectation(of: file), "\(name) has no '// expect:' header")
        let (status, json, stderr) = try check(file)
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

    @Test func correctSubmissionsPass() throws {
        let files = Self.fixtures("correct")
        #expect(files.count >= 12)
        for file in files { try verify(file) }
    }

    @Test func buggySubmissionsFailTheRightTests() throws {
        let files = Self.fixtures("buggy")
        #expect(files.count >= 25)
        for file in files { try verify(file) }
    }

    @Test func hostileSubmissionsNeverPassAndLeaveNothingRunning() throws {
        for file in Self.fixtures("hostile") {
            try verify(file)
            #expect(Self.expectation(of: file) != .pass)
        }
        #expect(Self.leftoverTestProcesses().isEmpty, "processes left behind: \(Self.leftoverTestProcesses())")
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
    }

    /// A test runner still alive after its check ended (its work directory, removed at
    /// the end of every check, is gone) is a leak. Runners of checks still going on, this
    /// suite's or anyone else's on the machine, are not. Read from /proc.
    static func leftoverTestProcesses() -> [String] {
        Thread.sleep(forTimeInterval: 1)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.compactMap { pid in
            guard let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return nil }
            let arguments = command.split(separator: "\0")
            guard let program = arguments.first, program.hasSuffix("/runner"), arguments.dropFirst().first == "run",
                  !FileManager.default.fileExists(atPath: String(program))
            else { return nil }
            return "\(pid): \(arguments.joined(separator: " "))"
        }
    }
}
