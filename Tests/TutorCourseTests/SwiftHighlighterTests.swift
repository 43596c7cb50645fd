import Testing
import TutorCourse

@Suite struct SwiftHighlighterTests {
    func kinds(_ line: String) -> [(String, SwiftToken.Kind)] {
        var highlighter = SwiftHighlighter()
        return highlighter.tokens(in: line).filter { $0.kind != .whitespace }.map { ($0.text, $0.kind) }
    }

    @Test func classifiesTokens() {
        let tokens = kinds("let cache = NSCache<NSString, UIImage>() // note")
        #expect(tokens.map(\.0) == ["let", "cache", "=", "NSCache", "<", "NSString", ",", "UIImage", ">", "(", ")", "// note"])
        #expect(tokens.map(\.1) == [.keyword, .identifier, .punctuation, .type, .punctuation, .type, .punctuation, .type, .punctuation, .punctuation, .punctuation, .comment])
    }

    @Test func stringsWithInterpolationAndEscapes() {
        let tokens = kinds(#"print("a \"q\" \(f("x")) b", 12.5, 0..<3)"#)
        #expect(tokens.map(\.0) == ["print", "(", #""a \"q\" \(f("x")) b""#, ",", "12.5", ",", "0", ".", ".", "<", "3", ")"])
        #expect(tokens[2].1 == .string)
        #expect(tokens[4].1 == .number)
    }

    @Test func attributesAndDollarArguments() {
        let tokens = kinds("@escaping #if $0")
        #expect(tokens.map(\.1) == [.attribute, .attribute, .identifier])
    }

    @Test func blockCommentsAndMultilineStringsSpanLines() {
        var highlighter = SwiftHighlighter()
        #expect(highlighter.tokens(in: "a /* start").last == SwiftToken("/* start", .comment))
        #expect(highlighter.tokens(in: "still */ b").map(\.kind) == [.comment, .whitespace, .identifier])
        #expect(highlighter.tokens(in: #"let s = """"#).last?.kind == .string)
        #expect(highlighter.tokens(in: "text let").map(\.kind) == [.string])
        #expect(highlighter.tokens(in: #"""" + x"#).map(\.kind) == [.string, .whitespace, .punctuation, .whitespace, .identifier])
    }

    @Test func tokensJoinBackToTheLine() {
        let lines = [
            #"cache.setObject(image, forKey: "k" as NSString, cost: Int(w * h * 4)) /* x */ // y"#,
            "\tguard let x = y else { return }",
            "`default` = #\"raw \"text\"\"#",
        ]
        for line in lines {
            var highlighter = SwiftHighlighter()
            #expect(highlighter.tokens(in: line).map(\.text).joined() == line)
        }
    }
}
