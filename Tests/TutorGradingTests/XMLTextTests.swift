import Testing
import TutorGrading

/// The one XML escaper every XML and HTML report uses (public, so the gradebook's reports share it).
@Suite struct XMLTextTests {
    @Test func escapesMarkupAndQuotes() {
        #expect(XMLText.escape(#"<a href="x">Tom & 'Jerry'</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
    }

    @Test func replacesWhatXMLForbidsAndKeepsWhitespace() {
        #expect(XMLText.escape("a\u{0}b\u{1B}[32mc\u{FFFF}\t\n\r") == "a\u{FFFD}b\u{FFFD}[32mc\u{FFFD}\t\n\r")
        #expect(XMLText.escape("café 👍🏽") == "café 👍🏽")
    }
}
