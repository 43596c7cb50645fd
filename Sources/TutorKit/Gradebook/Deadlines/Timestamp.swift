import Foundation

/// Reads and writes the moments deadlines and submission times are given as.
///
/// A deadline without a time zone means a different moment on every grader's machine,
/// so a zone is required: `Z`, `UTC`, `GMT` or an offset (`+01:00`, `+0100`, `-05`).
/// Besides ISO 8601 (`2026-12-15T23:59Z`, seconds and fractions optional) the date and
/// time may be separated by a space, as nbgrader's `timestamp.txt` writes them
/// (`2026-12-15 23:59:07.123456 UTC`).
///
///     Timestamp.parse("2026-12-15T23:59Z")        // 2026-12-15 23:59:00 UTC
///     Timestamp.parse("2026-12-16 00:59+01:00")   // the same moment
///     Timestamp.parse("2026-12-15 23:59")         // nil: no zone
///     Timestamp.format(date)                      // "2026-12-15T23:59:00Z"
public enum Timestamp {
    /// The moment `text` names, or nil when it is not a date and time with a zone.
    public static func parse(_ text: String) -> Date? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard let year = number(&rest, digits: 4), take("-", &rest), let month = number(&rest, digits: 2), take("-", &rest),
              let day = number(&rest, digits: 2) else { return nil }
        guard take("T", &rest) || take("t", &rest) || take(" ", &rest) else { return nil }
        guard let hour = number(&rest, digits: 2), take(":", &rest), let minute = number(&rest, digits: 2) else { return nil }
        var second = 0
        var fraction = 0.0
        if take(":", &rest) {
            guard let whole = number(&rest, digits: 2) else { return nil }
            second = whole
            if take(".", &rest) || take(",", &rest) {
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty else { return nil }
                fraction = Double("0." + String(digits)) ?? 0
                rest = rest.dropFirst(digits.count)
            }
        }
        _ = take(" ", &rest)
        guard let offset = zoneOffset(rest) else { return nil }
        guard (1 ... 12).contains(month), (1 ... 31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        // Calendar rolls 31 November over into December; a date that does not exist is a typo.
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        let moment = date.addingTimeInterval(fraction - Double(offset))
        // Only moments `format` can write back in four digits are taken: year 0000 is 1 BC to
        // the calendar, and a zone can carry 9999-12-31 into the year 10000.
        guard calendar.component(.era, from: moment) == 1, calendar.component(.year, from: moment) <= 9999 else { return nil }
        return moment
    }

    /// `date` in UTC as ISO 8601 with whole seconds (`2026-12-15T23:59:00Z`).
    public static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(String(format: "%04d", parts.year ?? 0))-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
    }

    /// `date` in UTC to the minute, for people (`2026-12-15 23:59 UTC`).
    public static func readable(_ date: Date) -> String {
        let iso = format(date)
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + " UTC"
    }

    /// What the usage messages show as the expected form.
    public static let example = "2026-12-15T23:59Z"

    private static func number(_ text: inout Substring, digits: Int) -> Int? {
        let prefix = text.prefix(digits)
        guard prefix.count == digits, prefix.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        text = text.dropFirst(digits)
        return Int(prefix)
    }

    private static func take(_ character: Character, _ text: inout Substring) -> Bool {
        guard text.first == character else { return false }
        text = text.dropFirst()
        return true
    }

    /// Seconds east of UTC for `Z`, `UTC`, `GMT`, `+HH`, `+HHMM` or `+HH:MM`; nil for anything else.
    private static func zoneOffset(_ zone: Substring) -> Int? {
        if ["Z", "z", "UTC", "GMT"].contains(String(zone)) { return 0 }
        guard let sign = zone.first, sign == "+" || sign == "-" else { return nil }
        var rest = zone.dropFirst()
        guard let hours = number(&rest, digits: 2), hours <= 18 else { return nil }
        var minutes = 0
        if !rest.isEmpty {
            _ = take(":", &rest)
            guard let value = number(&rest, digits: 2), value < 60, rest.isEmpty else { return nil }
            minutes = value
        }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
