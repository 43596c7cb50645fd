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
    func file(rightLengths: [Int]) -> String {
        rightLengths.enumerated().map { number, length in
            let right = "r\(number)" + String(repeating: "x", count: length - 2)
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
