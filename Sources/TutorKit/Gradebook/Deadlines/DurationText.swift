import Foundation

/// Lengths of time as instructors write them (`--grace 15m`) and as reports show lateness.
///
///     DurationText.parse("15m")           // 900
///     DurationText.parse("1h30m")         // 5400
///     DurationText.format(93_780)         // "1 d 2 h 3 min"
public enum DurationText {
    /// Seconds for one or more `N` + unit parts (`s`, `m`/`min`, `h`, `d`), or nil.
    /// A bare `0` is zero.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "0" { return 0 }
        var rest = Substring(trimmed)
        var total = 0.0
        var parts = 0
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !digits.isEmpty, let value = Double(digits), value >= 0 else { return nil }
            rest = rest.dropFirst(digits.count).drop { $0 == " " }
            let unit = rest.prefix { $0.isLetter }
            guard let seconds = unitSeconds[String(unit)] else { return nil }
            rest = rest.dropFirst(unit.count).drop { $0 == " " }
            total += value * seconds
            parts += 1
        }
        return parts > 0 && total.isFinite ? total : nil
    }

    /// `seconds` as days, hours and minutes, largest first, leaving out zero parts;
    /// under a minute, in seconds.
    public static func format(_ seconds: Double) -> String {
        // Counted in Double: `parse` reads lengths far beyond Int's range (`--grace 99999999999999999999d`),
        // and whole numbers stay exact in Double up to 2^53.
        let whole = seconds.isNaN ? 0 : max(0, seconds.rounded(.up))
        guard whole >= 60 else { return "\(Int(whole)) s" }
        let minutesTotal = (whole / 60).rounded(.down)
        let days = (minutesTotal / 1440).rounded(.down)
        let hours = (minutesTotal / 60).rounded(.down).truncatingRemainder(dividingBy: 24)
        let minutes = minutesTotal.truncatingRemainder(dividingBy: 60)
        var parts: [String] = []
        if days > 0 { parts.append(String(format: "%.0f d", days)) }
        if hours > 0 { parts.append(String(format: "%.0f h", hours)) }
        if minutes > 0 { parts.append(String(format: "%.0f min", minutes)) }
        return parts.joined(separator: " ")
    }

    private static let unitSeconds: [String: Double] = [
        "s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600, "hours": 3600, "d": 86400, "day": 86400, "days": 86400,
    ]
}
