import Foundation
import Testing
@testable import TutorGrading
import TutorTerminal

@Suite struct SubmissionValidatorTests {
    @Test func acceptsSwiftText() throws {
        let text = try SubmissionValidator.validate(Array("final class ThumbnailCache {}\n".utf8), file: "a.swift")
        #expect(text.hasPrefix("final class"))
    }

    @Test func refusesEmptyBinaryLargeAndNonUTF8Files() {
        #expect(throws: SubmissionError.empty(file: "a.swift")) { try SubmissionValidator.validate([], file: "a.swift") }
        #expect(throws: SubmissionError.binary(file: "a.swift")) { try SubmissionValidator.validate([65, 0, 66], file: "a.swift") }
        let large = [UInt8](repeating: 65, count: SubmissionValidator.maximumBytes + 1)
        #expect(throws: SubmissionError.tooLarge(file: "a.swift", bytes: large.count, limit: SubmissionValidator.maximumBytes)) {
            try SubmissionValidator.validate(large, file: "a.swift")
        }
        let latin1 = Array("let a = 1\nlet b = 2\n".utf8) + [0xE9] + Array(" = 3\n".utf8)
        #expect(throws: SubmissionError.notUTF8(file: "a.swift", line: 3)) { try SubmissionValidator.validate(latin1, file: "a.swift") }
    }

    @Test func messagesNameTheFileAndExitCodesFollowSysexits() {
        #expect(SubmissionError.missing(file: "x/ThumbnailCache.swift").message == "x/ThumbnailCache.swift: no such file")
        #expect(SubmissionError.missing(file: "a").exitCode == .noInput)
        #expect(SubmissionError.notUTF8(file: "a.swift", line: 4).message.hasPrefix("a.swift:4: "))
        for error in [SubmissionError.empty(file: "a"), .binary(file: "a"), .notRegularFile(file: "a"), .notUTF8(file: "a", line: 1)] {
            #expect(error.exitCode == .dataError)
        }
    }

    @Test func readerTellsMissingFromDirectories() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("validator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: SubmissionError.missing(file: "gone.swift")) {
            try SubmissionReader.read(folder.appendingPathComponent("gone.swift"), displayPath: "gone.swift")
        }
        #expect(throws: SubmissionError.notRegularFile(file: "dir")) { try SubmissionReader.read(folder, displayPath: "dir") }
        let file = folder.appendingPathComponent("ok.swift")
        try Data("struct A {}\n".utf8).write(to: file)
        #expect(try SubmissionReader.read(file, displayPath: "ok.swift") == "struct A {}\n")
    }
}
