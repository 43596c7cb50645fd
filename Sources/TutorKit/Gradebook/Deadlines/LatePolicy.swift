import Foundation
import TutorTerminal

/// How a late submission loses points: `--late-penalty 10%/day max 50%`, `5%/hour` or `zero`.
///
/// Rates follow Canvas's late policy: a percentage of the exercise's *maximum* points is
/// taken for every day (or hour) late, a started one counting in full, up to the cap; the
/// penalty never takes the score below 0. `zero` takes everything a late submission earned.
/// The grace period (``Deadlines/grace``) forgives small lateness; past it, lateness is
/// counted from the deadline itself, so a 15-minute grace never turns a day into 23 h 45.
///
///     let policy = try LatePolicy.parse("10%/day max 50%")
///     policy.penalty(raw: 18, maxPoints: 20, lateBy: 86_400)     // 2: one day, 10 % of 20
///     policy.penalty(raw: 18, maxPoints: 20, lateBy: 86_401)     // 4: a second day has started
///     policy.penalty(raw: 18, maxPoints: 20, lateBy: 30 * 86_400)  // 10: capped at 50 %
public enum LatePolicy: Sendable, Equatable, CustomStringConvertible {
    /// Lateness is shown but costs nothing (the default).
    case none
    /// A late submission scores 0.
    case zero
    /// `percent` of the maximum per started `unit`, at most `cap` percent (nil: up to 100).
    case rate(percent: Double, unit: Unit, cap: Double?)

    /// The period a rate is counted in.
    public enum Unit: String, Sendable, Equatable {
        /// 24 hours.
        case day
        /// 60 minutes.
        case hour

        /// Its length in seconds.
        public var seconds: Double { self == .day ? 86_400 : 3_600 }
    }

    /// Reads `none`, `zero`, or `N%/day` / `N%/hour` with an optional `max M%`.
    ///
    /// - Throws: ``GradebookError/badOptionValue(option:value:problem:)``.
    public static func parse(_ text: String) throws -> LatePolicy {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        func bad(_ problem: String) -> GradebookError { .badOptionValue(option: "late-penalty", value: text, problem: problem) }
        let expected = "expected e.g. '10%/day', '5%/hour max 50%' or 'zero'"
        guard let first = words.first else { throw bad(expected) }
        if words == ["none"] { return .none }
        if words == ["zero"] { return .zero }
        let rate = first.split(separator: "/", omittingEmptySubsequences: false)
        guard rate.count == 2, let percent = Self.percent(rate[0]) else { throw bad(expected) }
        let unitName = rate[1] == "d" ? "day" : rate[1] == "h" ? "hour" : String(rate[1])
        guard let unit = Unit(rawValue: unitName) else { throw bad("the rate is per day or per hour, not per '\(MessageText.excerpt(rate[1]))'") }
        var cap: Double?
        switch words.count {
        case 1: break
        case 2 where words[1].hasPrefix("max"):
            cap = Self.percent(words[1].dropFirst(3))
            guard cap != nil else { throw bad(expected) }
        case 3 where words[1] == "max":
            cap = Self.percent(Substring(words[2]))
            guard cap != nil else { throw bad(expected) }
        default: throw bad(expected)
        }
        guard percent > 0 else { throw bad("a rate of 0 % takes nothing; use 'none'") }
        return .rate(percent: percent, unit: unit, cap: cap)
    }

    /// Points taken from a submission that earned `raw` of `maxPoints`, `lateBy` seconds
    /// after its deadline (0 or less: on time). Never more than `raw`.
    public func penalty(raw: Double, maxPoints: Double, lateBy: Double) -> Double {
        // Times come from whole-second commits and fractional file times; a difference of
        // 86 400.000001 s is rounding, not a second day.
        let late = (lateBy * 1000).rounded() / 1000
        guard late > 0, raw > 0 else { return 0 }
        switch self {
        case .none: return 0
        case .zero: return raw
        case let .rate(percent, unit, cap):
            let periods = (late / unit.seconds).rounded(.up)
            let fraction = min(percent * periods, cap ?? 100, 100) / 100
            return min(raw, ((fraction * maxPoints) * 1_000_000).rounded() / 1_000_000)
        }
    }

    /// The policy as `--late-penalty` reads it back.
    public var description: String {
        switch self {
        case .none: "none"
        case .zero: "zero"
        case let .rate(percent, unit, cap): "\(Self.number(percent))%/\(unit.rawValue)" + (cap.map { " max \(Self.number($0))%" } ?? "")
        }
    }

    private static func percent(_ text: Substring) -> Double? {
        guard text.hasSuffix("%"), let value = Double(text.dropLast()), value.isFinite, value >= 0, value <= 100 else { return nil }
        return value
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
