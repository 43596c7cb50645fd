import Foundation
import TutorTerminal

/// Turns GIFT text into terminal text: HTML tags become line breaks or nothing, entities
/// their characters; Markdown `**bold**` is drawn bold; Moodle and plain text stay as written.
public enum QuizTextRenderer {
    /// `text` as it should read in a terminal styled by `style`.
    public static func render(_ text: GIFTText, style: TerminalStyle = .plain) -> String {
        switch text.format {
        case .moodle, .plain: return text.text
        case .markdown: return markdown(text.text, style: style)
        case .html: return html(text.text)
        }
    }

    static func markdown(_ text: String, style: TerminalStyle) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "**"), let close = rest[open.upperBound...].range(of: "**") {
            result += rest[..<open.lowerBound]
            result += style.paint(String(rest[open.upperBound..<close.lowerBound]), .bold)
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    static func html(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "<", let close = text[index...].firstIndex(of: ">") {
                let tag = text[text.index(after: index)..<close].lowercased()
                let name = tag.split(whereSeparator: { $0 == " " || $0 == "/" }).first.map(String.init) ?? ""
                switch name {
                case "br", "p", "div", "pre", "tr", "ul", "ol", "h1", "h2", "h3", "h4":
                    if !result.hasSuffix("\n"), !result.isEmpty { result += "\n" }
                case "li":
                    if !tag.hasPrefix("/") { result += (result.hasSuffix("\n") || result.isEmpty ? "" : "\n") + "• " }
                default:
                    break
                }
                index = text.index(after: close)
                continue
            }
            if character == "&", let semicolon = text[index...].prefix(10).firstIndex(of: ";"),
               let decoded = entity(String(text[text.index(after: index)..<semicolon])) {
                result.append(decoded)
                index = text.index(after: semicolon)
                continue
            }
            result.append(character)
            index = text.index(after: index)
        }
        while result.contains("\n\n\n") { result = result.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
        return result.trimmingWhitespace()
    }

    static func entity(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return " "
        default:
            if name.hasPrefix("#x"), let value = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) { return Character(scalar) }
            if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value) { return Character(scalar) }
            return nil
        }
    }
}
