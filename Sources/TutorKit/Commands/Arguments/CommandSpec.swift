/// The declaration of one command: its name, its help, and what it accepts.
///
/// The same value drives parsing and the generated help text, so the two never disagree
/// (the way swift-argument-parser derives both from one declaration).
///
///     CommandSpec(
///         name: "check",
///         abstract: "Compile and test one exercise file against the hidden tests.",
///         arguments: [ArgumentSpec(name: "FILE", help: "The exercise file to check.")],
///         options: [OptionSpec(name: "format", valueName: "FORMAT", help: "text, json or junit.", choices: ["text", "json", "junit"])],
///         examples: ["cachetutor check exercises/ThumbnailCache.swift"]
///     )
public struct CommandSpec: Sendable {
    /// The word that selects the command (`check`).
    public var name: String
    /// One line for the command list.
    public var abstract: String
    /// Further paragraphs for `COMMAND --help`.
    public var discussion: String
    /// Positional arguments, in order.
    public var arguments: [ArgumentSpec]
    /// Options and flags, in the order help lists them.
    public var options: [OptionSpec]
    /// Nested commands (`exercises start`).
    public var subcommands: [CommandSpec]
    /// Example command lines, without the `$ ` prompt.
    public var examples: [String]

    /// Declares a command.
    public init(
        name: String,
        abstract: String,
        discussion: String = "",
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        subcommands: [CommandSpec] = [],
        examples: [String] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.examples = examples
    }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    /// The placeholder shown in usage (`FILE`).
    public var name: String
    /// One line of help.
    public var help: String
    /// Whether it may be left out.
    public var isOptional: Bool
    /// Whether it takes every remaining positional word (`RESULTS…`).
    public var isRepeating: Bool
    /// What a shell offers for it; by default read from the placeholder (`FILE`, `DIR`, `LESSON`).
    public var completion: CompletionKind

    /// Declares a positional argument.
    public init(name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false, completion: CompletionKind? = nil) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeating = isRepeating
        self.completion = completion ?? CompletionKind(placeholder: name)
    }
}

/// A named option (`--format json`, `--format=json`) or flag (`--force`).
public struct OptionSpec: Sendable {
    /// The long name without dashes (`format`).
    public var name: String
    /// An optional one-letter short name (`j` for `-j`).
    public var short: Character?
    /// The placeholder for its value (`FORMAT`), or nil for a flag that takes none.
    public var valueName: String?
    /// One line of help.
    public var help: String
    /// The values it accepts, when it accepts only a fixed set.
    public var choices: [String]?
    /// Whether it may be given more than once, each value kept.
    public var isRepeating: Bool

    /// Declares an option that takes a value.
    public init(name: String, short: Character? = nil, valueName: String, help: String, choices: [String]? = nil, isRepeating: Bool = false) {
        self.name = name
        self.short = short
        self.valueName = valueName
        self.help = help
        self.choices = choices
        self.isRepeating = isRepeating
    }

    /// Declares a flag, an option with no value.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        var spec = OptionSpec(name: name, short: short, valueName: "", help: help)
        spec.valueName = nil
        return spec
    }

    /// Whether it is a flag rather than an option with a value.
    public var isFlag: Bool { valueName == nil }

    /// What a shell offers for its value: its choices, else what its placeholder names.
    public var completion: CompletionKind {
        if let choices { return .choices(choices) }
        return valueName.map(CompletionKind.init(placeholder:)) ?? .nothing
    }
}
