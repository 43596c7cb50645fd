/// What pressing Tab does to the line: text to insert at the cursor, or a list to show.
///
/// Pure, so the line editor's behaviour can be tested without a terminal:
///
///     CompletionResult.resolve(word: "ev", candidates: ["eviction", "events"])
///     // .insert("e")          (the common prefix "eve" minus what is typed)
///     CompletionResult.resolve(word: "eve", candidates: ["eviction", "events"])
///     // .insert("nts ")       (only "events" starts with "eve")
public enum CompletionResult: Equatable, Sendable {
    /// Insert this text at the cursor.
    case insert(String)
    /// Nothing more can be inserted; show these choices.
    case choices([String])
    /// Nothing matches.
    case none

    /// Resolves the word being typed against candidate completions of it.
    ///
    /// Candidates that do not start with `word` are ignored. A single match is completed
    /// with a trailing space (none after a folder's `/`, so the path can go on).
    public static func resolve(word: String, candidates: [String]) -> CompletionResult {
        var seen = Set<String>()
        let matches = candidates.filter { $0.hasPrefix(word) && seen.insert($0).inserted }
        guard let first = matches.first else { return .none }
        if matches.count == 1 {
            let rest = String(first.dropFirst(word.count))
            return .insert(first.hasSuffix("/") ? rest : rest + " ")
        }
        let common = matches.dropFirst().reduce(first) { commonPrefix($0, $1) }
        if common.count > word.count {
            return .insert(String(common.dropFirst(word.count)))
        }
        return .choices(matches.sorted())
    }

    /// The longest shared start of two strings, compared by character.
    static func commonPrefix(_ a: String, _ b: String) -> String {
        String(zip(a, b).prefix { $0 == $1 }.map(\.0))
    }
}
