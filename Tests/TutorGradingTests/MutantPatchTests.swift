import Foundation
import Testing
import TutorGrading

@Suite("Mutant patches") struct MutantPatchTests {
    static let reference = """
    import Foundation

    final class Store {
        func lookup(_ key: String) -> Int? {
            if let hit = cache[key] {
                return hit
            }
            return nil
        }
    }

    """

    static let patch = """
    // expect: fail hit_returns
    // why: forgets the hit
    --- Reference/Store.swift
    +++ Mutants/01-forgets-hit.diff
    @@ -4,6 +4,5 @@
         func lookup(_ key: String) -> Int? {
             if let hit = cache[key] {
    -            return hit
             }
             return nil
         }

    """

    @Test func appliesAHunkAtItsLine() throws {
        let mutant = try MutantPatch.apply(Self.patch, to: Self.reference)
        #expect(!mutant.contains("return hit"))
        #expect(mutant.contains("if let hit = cache[key] {\n        }\n        return nil"))
        #expect(mutant.hasPrefix("import Foundation\n"))
    }

    /// A reference or a patch saved with Windows line ends still applies: Swift takes
    /// "\r\n" for one Character, so splitting on "\n" saw no lines at all.
    @Test func appliesAcrossWindowsLineEnds() throws {
        let crlf = { (text: String) in text.replacingOccurrences(of: "\n", with: "\r\n") }
        let mutant = try MutantPatch.apply(crlf(Self.patch), to: crlf(Self.reference))
        #expect(!mutant.contains("return hit"))
        #expect(mutant.contains("return nil"))
    }

    @Test func contractPointsReadAcrossWindowsLineEnds() throws {
        let points = try ContractPoints(parsing: "# comment\r\n1 | \"a sentence\" | hit_returns | 01-forgets-hit\r\n")
        #expect(points.entries.map(\.tests) == [["hit_returns"]])
        #expect(points.entries.first?.line == 2)
    }

    @Test func findsAHunkWhoseLinesMoved() throws {
        let moved = "// a comment added above\n// and another\n" + Self.reference
        let mutant = try MutantPatch.apply(Self.patch, to: moved)
        #expect(!mutant.contains("return hit"))
        #expect(mutant.hasPrefix("// a comment added above\n"))
    }

    @Test func aHunkTheReferenceNoLongerHasFailsAtItsLine() {
        let changed = Self.reference.replacingOccurrences(of: "return hit", with: "return hit + 0")
        #expect(throws: MutantPatch.Failure.self) { try MutantPatch.apply(Self.patch, to: changed) }
        do {
            _ = try MutantPatch.apply(Self.patch, to: changed)
        } catch {
            #expect(error.line == 5, "the @@ line of the patch file")
            #expect(error.message.contains("no longer applies"))
        }
    }

    @Test func ambiguousContextIsRefused() {
        let twice = Self.reference + Self.reference.replacingOccurrences(of: "import Foundation\n", with: "")
        let shifted = "// moved\n" + twice
        do {
            _ = try MutantPatch.apply(Self.patch, to: shifted)
            Issue.record("a hunk whose lines occur twice applied")
        } catch {
            #expect(error.message.contains("2 times"))
        }
    }

    @Test func aFileWithoutADiffIsRefused() {
        do {
            _ = try MutantPatch.apply("// expect: fail x\nimport Foundation\n", to: Self.reference)
            Issue.record("a whole file was taken for a patch")
        } catch {
            #expect(error.line == 1)
        }
    }

    @Test func wrongCountsAreReported() {
        let broken = Self.patch.replacingOccurrences(of: "@@ -4,6 +4,5 @@", with: "@@ -4,9 +4,5 @@")
        do {
            _ = try MutantPatch.apply(broken, to: Self.reference)
            Issue.record("a hunk with wrong counts applied")
        } catch {
            #expect(error.line == 5)
        }
    }
}
