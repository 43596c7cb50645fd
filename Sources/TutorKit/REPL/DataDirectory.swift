import Foundation
import TutorProgress

/// Where a learner's own files live: the REPL's line history sits beside the progress
/// store (`$CACHETUTOR_HOME`, else `$XDG_DATA_HOME/cachetutor`, else
/// `~/.local/share/cachetutor`), so everything a learner owns is in one folder.
public enum DataDirectory {
    /// The folder for `environment`, or nil when no home folder can be found.
    public static func url(environment: [String: String]) -> URL? {
        (try? ProgressStore.location(environment: environment))?.deletingLastPathComponent()
    }

    /// The REPL's history file inside that folder.
    public static func historyFile(environment: [String: String]) -> URL? {
        url(environment: environment)?.appendingPathComponent("learn-history")
    }
}
