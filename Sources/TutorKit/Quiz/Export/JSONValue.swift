/// A JSON value whose objects keep their keys in the order they were written.
///
/// The GIFT export writes gift-pegjs's JSON shape with this, and the conformance test
/// reads expected JSON into it: objects compare as dictionaries (order ignored), numbers as
/// numbers, so `1822` equals `1822.0`.
public indirect enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The value at `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        if case let .object(members) = self { return members.first { $0.key == key }?.value }
        return nil
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in b.contains { $0.key == member.key && $0.value == member.value } }
        default: return false
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            let members = try container.decode([String: JSONValue].self)
            self = .object(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
        }
    }

    /// The value as JSON text, indented by two spaces per level.
    public func serialized(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case let .bool(value): return value ? "true" : "false"
        case let .number(value): return GIFTNumericalValue.format(value)
        case let .string(value): return Self.quoted(value)
        case let .array(values):
            if values.isEmpty { return "[]" }
            return "[\n" + values.map { inner + $0.serialized(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case let .object(members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { inner + Self.quoted($0.key) + ": " + $0.value.serialized(indent: inner) }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// Every difference between `self` and `other`, as `path: ours vs theirs` lines.
    public func differences(from other: JSONValue, path: String = "$") -> [String] {
        switch (self, other) {
        case let (.array(a), .array(b)):
            var found: [String] = []
            if a.count != b.count { found.append("\(path): \(a.count) elements vs \(b.count)") }
            for index in 0..<min(a.count, b.count) {
                found += a[index].differences(from: b[index], path: "\(path)[\(index)]")
            }
            return found
        case let (.object(a), .object(b)):
            var found: [String] = []
            let keys = Set(a.map(\.key)).union(b.map(\.key)).sorted()
            for key in keys {
                switch (self[key], other[key]) {
                case let (mine?, theirs?): found += mine.differences(from: theirs, path: "\(path).\(key)")
                case (nil, _): found.append("\(path).\(key): missing here")
                case (_, nil): found.append("\(path).\(key): not expected")
                }
            }
            return found
        default:
            return self == other ? [] : ["\(path): \(serialized()) vs \(other.serialized())"]
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
