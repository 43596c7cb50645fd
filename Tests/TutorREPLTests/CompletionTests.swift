import Testing
import TutorREPL

@Suite struct CompletionResultTests {
    @Test func aSingleMatchCompletesWithASpace() {
        #expect(CompletionResult.resolve(word: "ne", candidates: ["next", "back"]) == .insert("xt "))
    }

    @Test func severalMatchesCompleteTheirCommonPrefix() {
        #expect(CompletionResult.resolve(word: "e", candidates: ["eviction", "events"]) == .insert("v"))
    }

    @Test func withNothingToAddTheChoicesAreListed() {
        #expect(CompletionResult.resolve(word: "ev", candidates: ["events", "eviction", "back"]) == .choices(["events", "eviction"]))
    }

    @Test func noMatchIsNone() {
        #expect(CompletionResult.resolve(word: "zz", candidates: ["next"]) == .none)
    }

    @Test func foldersGetNoSpace() {
        #expect(CompletionResult.resolve(word: "exe", candidates: ["exercises/"]) == .insert("rcises/"))
    }

    @Test func duplicatesCountOnce() {
        #expect(CompletionResult.resolve(word: "a", candidates: ["apple", "apple"]) == .insert("pple "))
    }

    @Test func nonASCIIWordsComplete() {
        #expect(CompletionResult.resolve(word: "ét", candidates: ["été"]) == .insert("é "))
    }
}

@Suite struct CompletionProviderTests {
    let provider = CompletionProvider(
        lessonNames: ["eviction", "05-eviction", "keys", "02-keys"],
        keys: { ["apple", "banana"] },
        pageCount: { 3 },
        listFiles: { folder in folder == "" ? ["exercises/", "README.md"] : folder == "exercises/" ? ["ThumbnailCache.swift"] : [] }
    )

    @Test func firstWordIsACommand() {
        let words = provider.candidates(for: "")
        #expect(words.contains("next"))
        #expect(words.contains("quit"))
        #expect(words.contains("pressure"))
        #expect(provider.candidates(for: "ne").contains("next"))
    }

    @Test func openAndResetTakeLessonNames() {
        #expect(provider.candidates(for: "open ") == ["eviction", "05-eviction", "keys", "02-keys"])
        #expect(provider.candidates(for: "reset ev") == ["eviction", "05-eviction", "keys", "02-keys"])
        #expect(provider.candidates(for: "open eviction ") == [])
    }

    @Test func pageTakesThePagesOfTheLesson() {
        #expect(provider.candidates(for: "page ") == ["1", "2", "3"])
        #expect(provider.candidates(for: "p 2 ") == [])
    }

    @Test func keyCommandsTakeLiveKeys() {
        #expect(provider.candidates(for: "get ") == ["apple", "banana"])
        #expect(provider.candidates(for: "remove b") == ["apple", "banana"])
        #expect(provider.candidates(for: "set apple ") == [])
    }

    @Test func fixedValues() {
        #expect(provider.candidates(for: "pressure ") == ["moderate", "critical"])
        #expect(provider.candidates(for: "delegate o") == ["on", "off"])
        #expect(provider.candidates(for: "cache ") == ["new"])
        #expect(provider.candidates(for: "cache new ") == ["--count", "--cost", "--policy", "--seed"])
        #expect(provider.candidates(for: "cache new --count 3 --") == ["--cost", "--policy", "--seed"])
        #expect(provider.candidates(for: "cache new --policy ") == ["lru", "fifo", "random", "foundation"])
        #expect(provider.candidates(for: "cache new --count ") == [])
    }

    @Test func checkCompletesPaths() {
        #expect(provider.candidates(for: "check ") == ["exercises/", "README.md"])
        #expect(provider.candidates(for: "check exercises/Th") == ["exercises/ThumbnailCache.swift"])
    }

    @Test func helpTakesCommandNames() {
        #expect(provider.candidates(for: "help ").contains("hint"))
        #expect(provider.candidates(for: "help ").contains("delegate"))
    }
}

@Suite struct ChoiceColumnsTests {
    @Test func fillsDownThenAcross() {
        #expect(ChoiceColumns.layout(["a", "b", "c", "d", "e"], width: 9) == ["a  c  e", "b  d"])
        #expect(ChoiceColumns.layout([], width: 80) == [])
    }
}
