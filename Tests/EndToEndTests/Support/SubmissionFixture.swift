import Foundation

/// One fixture submission and the verdict its header promises.
///
/// The header is the file's leading `//` lines, read as bytes so that binary and Latin-1
/// fixtures can carry one too:
///
///     // expect: fail cost_whole_sizes cost_fractional_sizes
///     // why: forgets the 4 bytes per pixel
struct SubmissionFixture: CustomStringConvertible, Sendable {
    /// What `cachetutor check` must make of the file.
    enum Expectation: Equatable, Sendable {
        /// Exit 0, every test passes.
        case pass
        /// Exit 1; at least these tests do not pass.
        case fail([String])
        /// Exit 2: did not compile or could not run.
        case error
        /// Exit 65: not a Swift text file.
        case reject
    }

    /// `correct`, `buggy`, `hostile` or `generated`.
    let category: String
    /// The file name, e.g. `07-hit-without-return.swift`.
    let name: String
    /// The file's bytes.
    let contents: Data
    let expectation: Expectation
    let why: String

    var description: String { "\(category)/\(name)" }

    /// Every fixture under `folder`'s category subfolders, sorted, plus the ones too awkward
    /// to commit (an empty file, one over 256 KiB), generated here. The buggy ones are the
    /// exercise's mutants, in `mutants` (`exercises verify` runs them too): each patch is
    /// applied to the reference by the built `cachetutor exercises mutant`, and the
    /// fixture is its header followed by the whole source.
    static func all(in folder: URL, mutants: URL) throws -> [SubmissionFixture] {
        var fixtures: [SubmissionFixture] = []
        for category in ["correct", "hostile"] {
            let directory = folder.appendingPathComponent(category)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
            for name in names {
                let data = try Data(contentsOf: directory.appendingPathComponent(name))
                fixtures.append(try SubmissionFixture(category: category, name: name, contents: data))
            }
        }
        let exercise = mutants.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
        for name in try FileManager.default.contentsOfDirectory(atPath: mutants.path).filter({ $0.hasSuffix(".diff") }).sorted() {
            let patch = try String(contentsOf: mutants.appendingPathComponent(name), encoding: .utf8)
            let header = patch.split(separator: "\n").prefix { $0.hasPrefix("//") }.joined(separator: "\n")
            let source = try Cachetutor.mutantSource(exercise, name)
            fixtures.append(try SubmissionFixture(category: "buggy", name: name, contents: Data((header + "\n" + source).utf8)))
        }
        return fixtures + generated()
    }

    /// The empty file, the oversized one, and one that refuses a name thousands of times.
    static func generated() -> [SubmissionFixture] {
        let empty = SubmissionFixture(category: "generated", name: "empty.swift", contents: Data(), expectation: .reject,
                                      why: "an empty file is not a submission")
        var big = "// expect: reject\n// why: over 256 KiB\nimport Foundation\n\nfinal class ThumbnailCache {\n"
        big += "    init(generator: @escaping (String) -> UIImage?) {}\n    func thumbnail(forKey key: String) -> UIImage? { nil }\n"
        big += "    func storeThumbnail(_ image: UIImage, forKey key: String) {}\n"
        big += "    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }\n}\n"
        let padding = "// " + String(repeating: "padding ", count: 12) + "\n"
        while big.utf8.count <= 256 * 1024 + 512 { big += padding }
        let oversized = SubmissionFixture(category: "generated", name: "oversized.swift", contents: Data(big.utf8), expectation: .reject,
                                          why: "a Swift file over 256 KiB")
        // Red team round 10: 4,000 refused names made the audit answer 1.3 MB, past the
        // grader's cap on its output, and the grader blamed itself (exit 70).
        var flood = "import Foundation\n\nfinal class ThumbnailCache {\n"
        flood += "    init(generator: @escaping (String) -> UIImage?) {}\n    func thumbnail(forKey key: String) -> UIImage? { nil }\n"
        flood += "    func storeThumbnail(_ image: UIImage, forKey key: String) {}\n"
        flood += "    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }\n"
        flood += "    func many() {\n" + (0..<4_000).map { "        let _v\($0) = \($0)\n" }.joined() + "    }\n}\n"
        let refusals = SubmissionFixture(category: "generated", name: "audit-answer-flood.swift", contents: Data(flood.utf8), expectation: .error,
                                         why: "4,000 refused names: the audit lists a screenful, and the file is the learner's error, not the grader's")
        return [empty, oversized, refusals]
    }

    init(category: String, name: String, contents: Data, expectation: Expectation, why: String) {
        self.category = category
        self.name = name
        self.contents = contents
        self.expectation = expectation
        self.why = why
    }

    init(category: String, name: String, contents: Data) throws {
        var expectation: Expectation?
        var why = ""
        for line in contents.split(separator: UInt8(ascii: "\n")).prefix(8) {
            let text = String(decoding: line, as: UTF8.self)
            guard text.hasPrefix("//") else { break }
            if text.hasPrefix("// expect: ") {
                let words = text.dropFirst("// expect: ".count).split(separator: " ").map(String.init)
                switch words.first {
                case "pass": expectation = .pass
                case "fail": expectation = .fail(Array(words.dropFirst()))
                case "error": expectation = .error
                case "reject": expectation = .reject
                default: break
                }
            } else if text.hasPrefix("// why: ") {
                why = String(text.dropFirst("// why: ".count))
            }
        }
        guard let expectation else { throw FixtureError.noHeader("\(category)/\(name)") }
        if case let .fail(names) = expectation, names.isEmpty { throw FixtureError.noHeader("\(category)/\(name): 'fail' names no test") }
        self.init(category: category, name: name, contents: contents, expectation: expectation, why: why)
    }

    /// The exit status `check` must end with.
    var expectedStatus: Int32 {
        switch expectation {
        case .pass: 0
        case .fail: 1
        case .error: 2
        case .reject: 65
        }
    }
}

enum FixtureError: Error, CustomStringConvertible {
    case noHeader(String)

    var description: String {
        switch self {
        case let .noHeader(file): "\(file): no '// expect: pass|fail NAME…|error|reject' header"
        }
    }
}
