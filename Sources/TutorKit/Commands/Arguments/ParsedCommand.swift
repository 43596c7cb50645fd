/// What the parser made of a command line: which command, and the values given to it.
public struct ParsedCommand: Sendable, Equatable {
    /// The command words from the root, e.g. `["exercises", "start"]`; empty for the root.
    public var path: [String]
    /// Positional arguments, in order.
    public var positionals: [String]
    /// Values of options, by long name, in the order given.
    public var values: [String: [String]]
    /// Flags that were given, by long name.
    public var flags: Set<String>

    /// An empty parse of the command at `path`.
    public init(path: [String] = [], positionals: [String] = [], values: [String: [String]] = [:], flags: Set<String> = []) {
        self.path = path
        self.positionals = positionals
        self.values = values
        self.flags = flags
    }

    /// Whether the flag `name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given to option `name`, if any.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given to option `name`.
    public func allValues(_ name: String) -> [String] { values[name] ?? [] }
}
