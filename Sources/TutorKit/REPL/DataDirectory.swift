import Foundation

/// Where a learner's own data lives: progress and the REPL's line history.
///
/// `$CACHETUTOR_HOME`, else `$XDG_DATA_HOME/cachetutor`, else `~/.local/share/cachetutor`
/// (the same folder the progress store uses, so everything a learner owns sits together).
public enum DataDirectory {
    /// The folder for `environment`; it may not exist yet.
    public static func url(environment: [String: String]) -> URL {
        if let home = environment["CACHETUTOR_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("cachetutor", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/cachetutor", isDirectory: true)
    }

    /// The REPL's history file inside the data folder.
    public static func historyFile(environment: [String: String]) -> URL {
        url(environment: environment).appendingPathComponent("learn-history")
    }
}
