/// How points read in every report: whole numbers without a decimal point, others with up to two decimals.
///
///     Points.format(17)     // "17"
///     Points.format(17.5)   // "17.5"
public enum Points {
    /// `value` as reports print it.
    public static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format2(rounded))
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// A fraction 0…1 as a whole percentage (`85 %`).
    public static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded())) %" }

    private static func format2(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
