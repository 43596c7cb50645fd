import Foundation
import Testing
@testable import TutorGrading
import TutorTestSupport

@Suite struct ExerciseManifestTests {
    @Test func readsEveryField() throws {
        let manifest = try ExerciseManifest(parsing: """
            # a comment
            title = "Profiles"
            order = 3
            lessons = ["03-count-limits", "05-eviction"]
            initializer = "ProfileStore(client:)"
            wall_clock_seconds = 8
            """, path: "exercise.toml")
        #expect(manifest == ExerciseManifest(title: "Profiles", order: 3, lessons: ["03-count-limits", "05-eviction"], initializer: "ProfileStore(client:)", wallClockSeconds: 8))
        #expect(manifest.swiftLanguageMode == 5)
    }

    @Test func anExerciseMayAskForSwift6Mode() throws {
        let valid = "title = \"T\"\norder = 1\nlessons = []\ninitializer = \"P()\"\n"
        #expect(try ExerciseManifest(parsing: valid + "swift_language_mode = 6\n", path: "exercise.toml").swiftLanguageMode == 6)
        #expect(throws: ExerciseError.badManifest(path: "exercise.toml", line: 5, reason: "'swift_language_mode' must be 5 or 6")) {
            try ExerciseManifest(parsing: valid + "swift_language_mode = 4\n", path: "exercise.toml")
        }
        #expect(throws: ExerciseError.badManifest(path: "exercise.toml", line: 5, reason: "'swift_language_mode' must be 5 or 6")) {
            try ExerciseManifest(parsing: valid + "swift_language_mode = \"6\"\n", path: "exercise.toml")
        }
    }

    @Test func errorsNameTheFileAndLine() {
        func message(_ text: String) -> String? {
            do {
                _ = try ExerciseManifest(parsing: text, path: "Exercises/P/exercise.toml")
                return nil
            } catch {
                return error.message
            }
        }
        let valid = "title = \"T\"\norder = 1\nlessons = []\ninitializer = \"P()\"\n"
        #expect(message(valid) == nil)
        #expect(message(valid + "colour = \"red\"\n") == "Exercises/P/exercise.toml:5: unknown key 'colour' (known: title, order, lessons, initializer, wall_clock_seconds, cpu_seconds, swift_language_mode)")
        #expect(message(valid + "order = 2\n") == "Exercises/P/exercise.toml:5: 'order' is given twice")
        #expect(message("title = \"T\"\norder = one\n") == "Exercises/P/exercise.toml:2: 'order' has a value that is not a \"string\", a whole number or a [\"list\"]")
        #expect(message("title = \"T\"\norder = \"1\"\nlessons = []\ninitializer = \"P()\"\n") == "Exercises/P/exercise.toml:2: 'order' must be a whole number")
        #expect(message("order = 1\nlessons = []\ninitializer = \"P()\"\n") == "Exercises/P/exercise.toml: 'title' is missing")
        #expect(message(valid + "cpu_seconds = 600\n") == "Exercises/P/exercise.toml:5: 'cpu_seconds' must be a whole number of seconds from 1 to 60")
        #expect(message("just words\n") == "Exercises/P/exercise.toml:1: expected 'key = value'")
    }

    /// Found by the fuzzer: CRLF line ends made the whole file one line, so no key was found.
    @Test func aManifestSavedWithCRLFReadsAsWithLF() throws {
        let text = "title = \"T\"\norder = 1\nlessons = [\"04-cost\"]\ninitializer = \"P()\"\nwall_clock_seconds = 5\n"
        let lf = try ExerciseManifest(parsing: text, path: "exercise.toml")
        #expect(try ExerciseManifest(parsing: text.replacingOccurrences(of: "\n", with: "\r\n"), path: "exercise.toml") == lf)
        #expect(throws: ExerciseError.badManifest(path: "exercise.toml", line: 2, reason: "expected 'key = value'")) {
            try ExerciseManifest(parsing: "title = \"T\"\r\nnonsense\r\n", path: "exercise.toml")
        }
    }

    /// Found by the fuzzer: an unknown key was quoted whole and raw.
    @Test func anUnknownKeyIsQuotedEscapedAndShort() {
        do {
            _ = try ExerciseManifest(parsing: "\u{1B}[31m" + String(repeating: "k", count: 3000) + " = 1\n", path: "exercise.toml")
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix("exercise.toml:1: unknown key '\\u{1B}[31mkkk"))
            #expect(error.message.contains("…' (known: title,"))
            #expect(error.message.count < 300)
        }
    }

    @Test func aBadManifestIsBadInputNotAToolFault() {
        #expect(ExerciseError.badManifest(path: "x", line: 1, reason: "r").exitCode == .dataError)
        #expect(ExerciseError.unknown(name: "x", suggestion: nil, known: []).exitCode == .usage)
    }

    @Test func theCourseManifestsAllParse() throws {
        let exercises = PackageRoot.appending("Exercises")
        let names = ExerciseDefinition.names(in: exercises)
        #expect(names.contains("ThumbnailCache"))
        for name in names {
            let definition = try ExerciseDefinition.load(name: name, in: exercises)
            #expect(!definition.manifest.lessons.isEmpty, "\(name) practises no lesson")
        }
    }
}

@Suite struct ExerciseContentTests {
    @Test func contractPointsComeFromTheContractSection() {
        let readme = """
            # CacheContractTests

            1. not a point: before the contract

            ## The contract

            1. **First.** Text.
               More text.
            2. **Second.**
            10. **Tenth.**

            ## Getting started

            1. not a point either
            """
        #expect(ExerciseContent.contractPoints(inReadme: readme) == [1, 2, 10])
        #expect(ExerciseContent.contractPoints(inReadme: "1. a\n2. b\n") == [1, 2])
    }

    @Test func hintsAreNumberedItemsWithTheirContinuationLines() {
        let hints = "# Hints\n\n1. Use a let.\n   Really.\n2. Second.\n\n3. Third.\n"
        #expect(ExerciseContent.hintNumbers(in: hints) == [1, 2, 3])
        #expect(ExerciseContent.hint(1, in: hints) == "Use a let. Really.")
        #expect(ExerciseContent.hint(3, in: hints) == "Third.")
        #expect(ExerciseContent.hint(4, in: hints) == nil)
    }

    @Test func aMutantHeaderNamesTheTestsItFails() {
        #expect(ExerciseContent.expectedFailures(inMutant: "// expect: fail a b\n// why: w\nimport Foundation\n") == ["a", "b"])
        #expect(ExerciseContent.expectedFailures(inMutant: "import Foundation\n// expect: fail a\n") == nil)
        #expect(ExerciseContent.expectedFailures(inMutant: "// expect: pass\n") == nil)
    }
}
