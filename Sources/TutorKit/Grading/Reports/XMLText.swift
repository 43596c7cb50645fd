/// Escaping for XML and HTML text and attribute values, shared by every XML and HTML report.
public enum XMLText {
    /// `text` safe inside an XML or HTML element or a quoted attribute value: `& < > " '`
    /// become references, and characters XML 1.0 forbids (most control characters, which
    /// a submission's output may hold) become U+FFFD, so the reader sees that something
    /// was there.
    ///
    ///     XMLText.escape("a < b & \u{1B}[32m")   // "a &lt; b &amp; \u{FFFD}[32m"
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F ... 0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF {
                    escaped += "\u{FFFD}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
