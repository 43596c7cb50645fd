import CacheEngine
import Testing
@testable import TutorQuiz
import TutorTerminal

/// What learners type, read into responses; bad answers get a hint of the expected form.
@Suite struct QuizAnswerParserTests {
    func presented(_ source: String, seed: UInt64? = nil) throws -> PresentedQuestion {
        var generator = seed.map(SplitMix64.init(seed:))
        return PresentedQuestion(try #require(try GIFTParser.parse(source).questions.first), shuffleWith: &generator)
    }

    func parse(_ line: String, _ source: String) throws -> Result<QuizResponse, QuizAnswerParser.Problem> {
        QuizAnswerParser.parse(line, for: try presented(source))
    }

    @Test func oneLetter() throws {
        #expect(try parse("b", "Q{~x =y ~z}") == .success(.choice(1)))
        #expect(try parse(" B ", "Q{~x =y ~z}") == .success(.choice(1)))
        #expect(try parse("b)", "Q{~x =y ~z}") == .success(.choice(1)))
    }

    @Test func outOfRangeLetterAsksAgainWithTheRange() throws {
        #expect(try parse("e", "Q{~x =y ~z}") == .failure(.init(hint: "there is no choice 'e'; answer with one letter, a to c")))
        #expect(try parse("yes please", "Q{~x =y ~z}") == .failure(.init(hint: "'yes please' is not a choice; answer with one letter, a to c")))
    }

    @Test func severalLetters() throws {
        let source = "Q{~%50%x ~%50%y ~z}"
        #expect(try parse("a,b", source) == .success(.choices([0, 1])))
        #expect(try parse("a b", source) == .success(.choices([0, 1])))
        #expect(try parse("ab", source) == .success(.choices([0, 1])))
        #expect(try parse("a,q", source) == .failure(.init(hint: "there is no choice 'q'; answer with every letter that applies, separated by commas as in a,c; letters a to c")))
    }

    @Test func lettersFollowTheShuffledDisplay() throws {
        let shown = try presented("Q{=first ~second ~third ~fourth ~fifth}", seed: 3)
        let letterOfFirst = PresentedQuestion.letter(try #require(shown.choiceOrder.firstIndex(of: 0)))
        #expect(QuizAnswerParser.parse(letterOfFirst, for: shown) == .success(.choice(0)))
    }

    @Test func trueFalse() throws {
        #expect(try parse("T", "Q{T}") == .success(.trueFalse(true)))
        #expect(try parse("false", "Q{T}") == .success(.trueFalse(false)))
        #expect(try parse("maybe", "Q{T}") == .failure(.init(hint: "answer t for true or f for false")))
    }

    @Test func numbers() throws {
        #expect(try parse("-3.5", "Q{#1}") == .success(.number(-3.5)))
        #expect(try parse("1e3", "Q{#1}") == .success(.number(1000)))
        #expect(try parse("twenty", "Q{#1}") == .failure(.init(hint: "'twenty' is not a number; answer with a number, e.g. 42 or 3.5")))
        #expect(try parse("inf", "Q{#1}") != .success(.number(.infinity)))
    }

    @Test func numbersWithThousandsSeparators() throws {
        #expect(try parse("20,971,520", "Q{#1}") == .success(.number(20_971_520)))
        #expect(try parse("20_971_520", "Q{#1}") == .success(.number(20_971_520)))
        #expect(try parse("-1,024.5", "Q{#1}") == .success(.number(-1024.5)))
        #expect(try parse("3,5", "Q{#1}") == .failure(.init(hint: "'3,5' is not a number; answer with a number, e.g. 42 or 3.5")))
        #expect(try parse("1,0000", "Q{#1}") == .failure(.init(hint: "'1,0000' is not a number; answer with a number, e.g. 42 or 3.5")))
        #expect(try parse(",123", "Q{#1}") == .failure(.init(hint: "',123' is not a number; answer with a number, e.g. 42 or 3.5")))
    }

    @Test func shortAnswerText() throws {
        #expect(try parse("  Some text ", "Q{=x}") == .success(.text("Some text")))
    }

    @Test func matchingInOrderOrNumbered() throws {
        // Options sort alphabetically: a) by age, b) by chance, c) by use.
        let source = "Q{=LRU -> by use =FIFO -> by age =Random -> by chance}"
        #expect(try parse("c a b", source) == .success(.matches(["by use", "by age", "by chance"])))
        #expect(try parse("cab", source) == .success(.matches(["by use", "by age", "by chance"])))
        #expect(try parse("2a 3b 1c", source) == .success(.matches(["by use", "by age", "by chance"])))
        #expect(try parse("1c 2a", source) == .failure(.init(hint: "no match given for item 3; give one letter per item, in order as in b c a or numbered as in 1b 2c 3a; letters a to c")))
        #expect(try parse("c a z", source) == .failure(.init(hint: "there is no match 'z'; give one letter per item, in order as in b c a or numbered as in 1b 2c 3a; letters a to c")))
        #expect(try parse("4a", source).map { _ in true } != .success(true))
    }

    @Test func seededShuffleIsReproducible() {
        var first = SplitMix64(seed: 42), second = SplitMix64(seed: 42), other = SplitMix64(seed: 43)
        let a = (0..<5).map { _ in first.next() }, b = (0..<5).map { _ in second.next() }, c = (0..<5).map { _ in other.next() }
        #expect(a == b)
        #expect(a != c)
        // The published first output of SplitMix64 seeded with 0.
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    }
}
