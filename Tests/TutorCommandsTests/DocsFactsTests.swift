import Foundation
import Testing
import TutorCourse
import TutorTestSupport

/// What the guides state about the course, checked against the course itself: the number
/// of lessons and the page counts their transcripts show (wherever a guide says them), the
/// instructors' weights example's total, and the learners' exercise table.
@Suite struct DocsFactsTests {
    /// The README, every guide in docs/ and the benchmarks' figures, by their path in the package.
    let guides: [String]
    let texts: [String: String]
    let course: Course

    init() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.appending("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        guides = ["README.md", "Benchmarks/README.md"] + docs
        texts = try Dictionary(uniqueKeysWithValues: guides.map { path in
            (path, try String(contentsOf: PackageRoot.appending(path), encoding: .utf8))
        })
        course = try Course.load(from: CourseLocation(root: PackageRoot.url, source: .option))
    }

    /// Every match of `pattern` in every guide, with the guide's path.
    func matches(_ pattern: String) -> [(guide: String, groups: [String])] {
        guides.flatMap { guide in Self.matches(pattern, in: texts[guide]!).map { (guide, $0) } }
    }

    /// The text of the guide at `path`, which must be one of ``guides``.
    func text(_ path: String) throws -> String {
        try #require(texts[path], "\(path) is not among the guides")
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    static let numberWords = ["ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14]

    @Test func theLessonCountIsTheCourses() {
        let stated = matches(#"\b(\d+|ten|eleven|twelve|thirteen|fourteen) lessons\b"#)
        #expect(!stated.isEmpty)
        for (guide, groups) in stated {
            let count = groups[0]
            #expect((Int(count) ?? Self.numberWords[count]) == course.lessons.count, "\(guide) says '\(count) lessons'; the course has \(course.lessons.count)")
        }
    }

    @Test func transcriptsShowEachLessonsRealPageCount() throws {
        let prompts = matches(#"(\d\d) ([a-z-]+) (\d+)/(\d+) ›"#)
        let headers = matches(#"(\d\d) · [^·\n]+ · page (\d+) of (\d+)"#)
        let resumed = matches(#"lesson (\d+), page (\d+) of (\d+)"#)
        #expect(!prompts.isEmpty && !headers.isEmpty)
        let shown = prompts.map { ($0.guide, $0.groups[0], $0.groups[3]) } + headers.map { ($0.guide, $0.groups[0], $0.groups[2]) }
            + resumed.map { ($0.guide, $0.groups[0], $0.groups[2]) }
        for (guide, number, total) in shown {
            let lesson = try course.lesson(named: String(Int(number)!))
            #expect(Int(total) == lesson.pages.count, "\(guide) shows lesson \(number) with \(total) pages; it has \(lesson.pages.count)")
        }
    }

    /// The hidden tests' names, as their sources declare them.
    static func testNames(_ exercise: String) -> [String] {
        let folder = PackageRoot.appending("Exercises/\(exercise)/.grading/Tests")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let text = files.compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
        return Array(Set(matches(#"HiddenTest\("([a-z0-9_]+)""#, in: text).map { $0[0] })).sorted()
    }

    @Test func theWeightsExampleAddsUpToItsTotal() throws {
        let block = try #require(Self.matches(#"# ThumbnailCache, out of (\d+)\n((?:\s*[^`\n]+\n)+)"#, in: try text("docs/instructors.md")).first)
        var weights: [String: Double] = [:]
        var others = 1.0
        for line in block[1].split(separator: "\n") {
            let parts = line.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let points = Double(parts[1]) else { continue }
            if parts[0] == "*" { others = points } else { weights[parts[0]] = points }
        }
        let names = Self.testNames("ThumbnailCache")
        #expect(names.count == 20)
        let total = names.map { weights[$0] ?? others }.reduce(0, +)
        #expect(Int(total) == Int(block[0]), "the weights add up to \(total), docs/instructors.md says \(block[0])")
    }

    @Test func theExerciseTableMatchesEachExercise() throws {
        let rows = Self.matches(#"\n\| (\d+) \| ([A-Za-z]+) \| [^\n]+? \| ([\d, ]+) \| (\d+) \| (\d+) \|"#, in: try text("docs/learners.md"))
        #expect(rows.count == 7)
        for row in rows {
            let name = row[1]
            let manifest = try String(contentsOf: PackageRoot.appending("Exercises/\(name)/exercise.toml"), encoding: .utf8)
            let lessons = Set(Self.matches(#""(\d\d)-[a-z-]+""#, in: manifest).map { Int($0[0])! })
            let stated = Set(row[2].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
            #expect(stated == lessons, "\(name): docs/learners.md's lessons \(stated.sorted()), its exercise.toml's \(lessons.sorted())")
            let mutants = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.appending("Exercises/\(name)/.grading/Mutants").path)
                .filter { $0.hasSuffix(".diff") }.count
            #expect(Int(row[4]) == mutants, "\(name): docs/learners.md says \(row[4]) mutants; there are \(mutants)")
            // CacheContractTests runs the learner's tests against wheats and chaffs: its
            // hidden tests are not declared one by one.
            if name != "CacheContractTests" {
                #expect(Int(row[3]) == Self.testNames(name).count, "\(name): docs/learners.md says \(row[3]) hidden tests; there are \(Self.testNames(name).count)")
            }
        }
    }

    @Test func exerciseReadmesSayWhereTheTestsAre() throws {
        for folder in try FileManager.default.contentsOfDirectory(atPath: PackageRoot.appending("Exercises").path) {
            guard let text = try? String(contentsOf: PackageRoot.appending("Exercises/\(folder)/README.md"), encoding: .utf8) else { continue }
            #expect(!text.contains("not in this folder"), "\(folder)/README.md: the tests are in its .grading folder")
        }
    }
}
