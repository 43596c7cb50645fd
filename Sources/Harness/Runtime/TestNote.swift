import Synchronization

/// What a passing test reports about the run besides passing: the lesson-example runner
/// sends the engine's summary this way. Internal to the harness, so a submission (another
/// module) can neither set nor read it.
enum TestNote {
    private static let text = Mutex<String?>(nil)

    /// Sets the note the runner sends with a passing result.
    static func set(_ note: String) {
        text.withLock { $0 = note }
    }

    /// The note, if a test set one.
    static var current: String? { text.withLock { $0 } }
}
