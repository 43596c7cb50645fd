/// A value bound to, or read from, an SQL statement.
public enum SQLiteValue: Sendable, Equatable {
    /// SQL NULL.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByNilLiteral {
    /// A text value from a literal.
    public init(stringLiteral value: String) { self = .text(value) }
    /// An integer value from a literal.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A real value from a literal.
    public init(floatLiteral value: Double) { self = .real(value) }
    /// NULL.
    public init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue {
    /// Text, or NULL when `value` is nil.
    public static func optionalText(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
    /// An integer from an `Int`.
    public static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
    /// An integer 1 or 0 for a Boolean.
    public static func bool(_ value: Bool) -> SQLiteValue { .integer(value ? 1 : 0) }
}
