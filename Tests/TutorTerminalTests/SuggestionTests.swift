import Testing
@testable import TutorTerminal

@Suite struct SuggestionTests {
    @Test func findsTheNearestSpelling() {
        #expect(Suggestion.nearest(to: "tryit", in: ["page", "try", "hint"]) == "try")
        #expect(Suggestion.nearest(to: "lern", in: ["learn", "quiz", "check"]) == "learn")
        #expect(Suggestion.nearest(to: "chekc", in: ["learn", "quiz", "check"]) == "check")
    }

    @Test func suggestsNothingWhenNothingIsClose() {
        #expect(Suggestion.nearest(to: "xyzzy", in: ["learn", "quiz", "check"]) == nil)
        #expect(Suggestion.nearest(to: "q", in: [String]()) == nil)
    }

    @Test func editDistanceCountsCharacters() {
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("é", "e") == 1)
    }
}
