import Foundation

/// The learner's editor, from `$VISUAL`, else `$EDITOR` (words split on spaces, as shells
/// do for `code -w`), run on the terminal until it exits.
struct ExternalEditor {
    let command: [String]

    /// Nil when neither variable names an editor.
    init?(environment: [String: String]) {
        let named = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let named else { return nil }
        command = named.split(separator: " ").map(String.init)
    }

    /// Opens `file` and waits; true when the editor ran (whatever it exited with).
    func edit(_ file: URL) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command + [file.path]
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return true
    }
}
