import Foundation
import Testing
@testable import TutorQuiz

/// Lint warns about the cues a learner can answer by without reading: the right choice's
/// length, mostly-right multiple-answer questions, and "all/none of the above".
@Suite struct CueChecksTests {
    func warnings(_ source: String) -> [String] {
        GIFTLinter.lint([(path: "q.gift", result: GIFTParser.parseAll(source))]).filter { $0.severity == .warning }.map(\.message)
    }

    /// Single-answer questions whose right choice has `rightLengths[i]` characters, one per
    /// entry, with three wrong choices of 10, 11 and 12 characters; the right choice moves
    /// through the positions.
    func file(rightLengths: [Int], numberedFrom first: Int = 0) -> String {
        rightLengths.enumerated().map { index, length in
            let number = first + index
            let label = "r\(number)"
            let right = label + String(repeating: "x", count: length - label.count)
            let wrong = (0..<3).map { index in
                let text = "w\(number).\(index)"
                return "~" + text + String(repeating: "y", count: 10 + index - text.count) + "#why it is wrong"
            }
            var choices = wrong
            choices.insert("=\(right)#why it is right", at: number % 4)  // no position cue
            return "::Q\(number):: Question \(number)?{\n" + choices.joined(separator: "\n") + "\n}"
        }.joined(separator: "\n\n")
    }

    @Test func aFileWhoseRightChoicesAreUsuallyTheLongestWarns() {
        let found = warnings(file(rightLengths: [14, 15, 16, 14, 15, 9]))
        #expect(found == ["the right choice is the longest one in 5 of 6 single-answer questions; if length said nothing that would happen with probability 0.0046; a learner who always picks the longest choice scores without reading"])
    }

    @Test func aFileWhoseRightChoicesAreTheShortestWarnsToo() {
        let found = warnings(file(rightLengths: [5, 6, 7, 5, 6]))
        #expect(found.contains { $0.hasPrefix("the right choice is the shortest one in 5 of 5 single-answer questions") }, "\(found)")
    }

    @Test func lengthsThatSayNothingPass() {
        // Right longest twice, shortest twice, in between twice.
        let found = warnings(file(rightLengths: [14, 9, 11, 13, 8, 11]))
        #expect(found.isEmpty, "\(found)")
    }

    @Test func aFileWhoseRightChoicesAreNeverTheLongestWarns() {
        // 11 characters ties the middle wrong choice: the right one is never the longest
        // (12) nor the shortest (10), so ruling both out leaves a coin toss.
        let found = warnings(file(rightLengths: Array(repeating: 11, count: 12)))
        #expect(found == ["the right choice is the longest one in only 0 of 12 single-answer questions, where chance gives about 3.0; that few happens with probability 0.032; a learner who rules out the longest choice scores above chance without reading: let some right choices be the longest"])
    }

    @Test func aFewQuestionsThatAvoidTheExtremesPass() {
        // 0 of 6 happens by chance 18% of the time: too little evidence for one file.
        #expect(warnings(file(rightLengths: Array(repeating: 11, count: 6))).isEmpty)
    }

    @Test func aCourseWhoseFilesShareAMildCueWarnsOnceForTheCourse() {
        let files = [0, 6].map { first in
            (path: "q\(first).gift", result: GIFTParser.parseAll(file(rightLengths: Array(repeating: 11, count: 6), numberedFrom: first)))
        }
        let found = GIFTLinter.lint(files).filter { $0.severity == .warning }
        #expect(found.map(\.message) == ["over all 2 files, the right choice is the longest one in only 0 of 12 single-answer questions, where chance gives about 3.0; that few happens with probability 0.032; a learner who rules out the longest choice scores above chance without reading: let some right choices be the longest"])
        #expect(found.first?.file == "q0.gift")
    }

    @Test func oneFileGetsNoCourseWarning() {
        let found = warnings(file(rightLengths: [14, 15, 16, 14, 15, 9]))
        #expect(!found.contains { $0.hasPrefix("over all") })
    }

    @Test func lengthBiasReportsWhatItCounted() throws {
        let questions = GIFTParser.parseAll(file(rightLengths: Array(repeating: 11, count: 12))).document.questions
        let bias = try #require(CueChecks.lengthBias(in: questions))
        #expect(bias.direction == .seldom && bias.observed == 0 && bias.questions == 12)
        #expect(abs(bias.expected - 3) < 1e-9)
        #expect(abs(bias.probability - pow(0.75, 12)) < 1e-9)
    }

    @Test func aRightChoiceMuchLongerThanEveryWrongOneWarns() {
        let source = "::Long:: Which?{\n=The one that explains itself at great length, with every qualification#yes\n~Short one#no\n~Another#no\n}"
        #expect(warnings(source) == ["in 'Long', the right choice is 70 characters long and the longest wrong one 9; a learner can pick it by its length alone: shorten it, or give a wrong choice the same detail"])
    }

    @Test func aRightChoiceOnlyALittleLongerPasses() {
        let source = "::Fair:: Which?{\n=It evicts the cheapest entry first#yes\n~It evicts the oldest entry first#no\n~It evicts the least recently read#no\n}"
        #expect(warnings(source).isEmpty)
    }

    @Test func mostlyRightMultipleAnswerQuestionsWarn() {
        let source = "::Many:: Which?{\n~%34%a#y\n~%33%b#y\n~%33%c#y\n~%-100%d#n\n}"
        #expect(warnings(source) == ["'Many' has 3 right choices out of 4; when most choices are right, ticking at random pays: add wrong choices (real misconceptions) or make some right ones wrong"])
    }

    @Test func balancedMultipleAnswerQuestionsPass() {
        #expect(warnings("::Even:: Which?{\n~%50%a#y\n~%50%b#y\n~%-50%c#n\n~%-50%d#n\n}").isEmpty)
        #expect(warnings("::Small:: Which?{\n~%50%a#y\n~%50%b#y\n~%-100%c#n\n}").isEmpty, "three choices cannot be balanced better")
    }

    @Test func tickingEveryChoiceMustNotPay() {
        let source = "::Cheap:: Which?{\n~%50%a#y\n~%50%b#y\n~%-25%c#n\n~%-25%d#n\n}"
        #expect(warnings(source) == ["ticking every choice of 'Cheap' earns 50%; give the wrong choices negative weights that cancel the right ones"])
    }

    @Test func allOrNoneOfTheAboveWarns() {
        let source = "::Above:: Which?{\n=None of the above#right\n~a cache#no\n~a dictionary#no\n}"
        #expect(warnings(source) == ["choice 'None of the above' of 'Above' refers to the other choices; shuffled, it loses its meaning, and it is right or wrong by habit more often than by chance: write a real alternative"])
        #expect(CueChecks.isAllOrNoneOfTheAbove("All of the above."))
        #expect(CueChecks.isAllOrNoneOfTheAbove("both of the above"))
    }

    @Test func wordsThatOnlyLookAlikePass() {
        #expect(!CueChecks.isAllOrNoneOfTheAbove("All entries above the limit"))
        #expect(!CueChecks.isAllOrNoneOfTheAbove("None. Joining fields always gives unique keys"))
        #expect(warnings("::Fine:: Which?{\n=All entries stay#y\n~None of them#n\n~Some#n\n}").isEmpty)
    }
}
