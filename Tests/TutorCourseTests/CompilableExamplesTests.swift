import Foundation
import Testing
import TutorCourse
import TutorTestSupport

/// Type-checks every ```` ```swift compile ```` block of every lesson against the
/// engine and a `UIImage` stand-in, the way the grader compiles learner code.
///
/// One compiler run per lesson (blocks batched, see ``SwiftExample``); failures are
/// reported at the lesson's file and line. Skips when `swiftc` is not on the PATH.
@Suite(.serialized) struct CompilableExamplesTests {
    static let packageRoot = PackageRoot.url

    /// What learner code is compiled with, besides the engine (same names as the grader's prelude).
    static let prelude = """
    import Foundation
    import CacheEngine

    typealias NSCache = CacheEngine.Cache
    typealias NSCacheDelegate = CacheEngine.CacheDelegate
    """

    /// Used when there is no `Sources/Harness/UIKit` stand-in to compile.
    static let imageStub = """
    final class UIImage {
        let size: CGSize
        let scale: CGFloat
        init(size: CGSize, scale: CGFloat = 1) {
            self.size = size
            self.scale = scale
        }
    }
    """

    @Test(.enabled(if: findSwiftc() != nil, "no swiftc on the PATH"))
    func everyCompileBlockTypeChecks() throws {
        try Self.typeCheckEveryLesson(against: .engine)
    }

    /// What `NSCache` means to a type-checked example.
    enum Target {
        /// The course's engine, through the grader's typealiases.
        case engine
        /// Foundation's own `NSCache` (swift-corelibs-foundation on Linux).
        case foundation
    }

    /// Type-checks the compile blocks of every lesson with `NSCache` meaning `target`'s,
    /// recording each compiler error as an issue at the lesson's line.
    static func typeCheckEveryLesson(against target: Target) throws {
        let swiftc = try #require(findSwiftc(), "no swiftc on the PATH")
        let lessonsFolder = packageRoot.appendingPathComponent("Lessons")
        let checked = Course.check(lessonsFolder: lessonsFolder, display: "Lessons")
        let lessons = checked.lessons.filter { $0.codeBlocks.contains(where: \.compiles) }
        try #require(!lessons.isEmpty, "no lesson has a ```swift compile block, so nothing was checked")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        var imports = ["Foundation"]
        var preludeText = "import Foundation"
        if target == .engine {
            try emitModule("CacheEngine", sources: swiftFiles(in: "Sources/CacheEngine"), into: work, swiftc: swiftc)
            imports.append("CacheEngine")
            preludeText = prelude
        }
        let standIn = swiftFiles(in: "Sources/Harness/UIKit")
        if standIn.isEmpty {
            preludeText += "\n" + imageStub
        } else {
            try emitModule("UIKit", sources: standIn, into: work, swiftc: swiftc)
            imports.append("UIKit")
            preludeText += "\nimport UIKit\ntypealias UIImage = UIKit.UIImage"
        }

        var blockCount = 0
        for lesson in lessons {
            let blocks = lesson.codeBlocks.filter(\.compiles)
            blockCount += blocks.count
            let folder = work.appendingPathComponent(lesson.id)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var paths: [String] = []
            let preludeFile = folder.appendingPathComponent("Prelude.swift")
            try preludeText.write(to: preludeFile, atomically: true, encoding: .utf8)
            paths.append(preludeFile.path)
            for file in SwiftExample(lessonFile: lesson.file, imports: imports).files(for: blocks) {
                let url = folder.appendingPathComponent(file.name)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
                paths.append(url.path)
            }
            let (status, output) = try run(swiftc, ["-typecheck", "-parse-as-library", "-swift-version", "5", "-diagnostic-style", "llvm", "-module-name", "LessonExamples", "-I", work.path] + paths)
            let errors = output.split(separator: "\n").filter { $0.contains(": error: ") }
            for error in errors { Issue.record(Comment(rawValue: "\(target): " + String(error))) }
            if status != 0, errors.isEmpty { Issue.record(Comment(rawValue: "\(lesson.file): swiftc failed: \(output)")) }
        }
        print("type-checked \(blockCount) compile blocks in \(lessons.count) lessons against \(target)")
    }

    static func swiftFiles(in folder: String) -> [String] {
        let url = packageRoot.appendingPathComponent(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { url.appendingPathComponent($0).path }
    }

    static func emitModule(_ name: String, sources: [String], into folder: URL, swiftc: String) throws {
        let (status, output) = try run(swiftc, [
            "-emit-module", "-parse-as-library", "-module-name", name, "-package-name", "cachetutor",
            "-swift-version", "6", "-I", folder.path,
            "-emit-module-path", folder.appendingPathComponent("\(name).swiftmodule").path,
        ] + sources)
        if status != 0 { throw ExampleSetupError(message: "could not build \(name) for the examples: \(output)") }
    }

    static func findSwiftc() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs a tool from the package root; returns its status and its merged output.
    static func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String) {
        let finished = try ChildProcess.run(URL(fileURLWithPath: tool), arguments, workingDirectory: packageRoot)
        return (finished.status, finished.stdout + finished.stderr)
    }
}

/// The engine or the stand-in did not build, so no example can be checked.
struct ExampleSetupError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
