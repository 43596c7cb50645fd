import Synchronization

/// What a passing test reports about the run besides passing: the lesson-example runner
/// sends the engine's summary this way. `package`, so the tests library can set it and a
/// submission (compiled outside the package) can neither set nor read it.
package enum TestNote {
    private static let text = Mutex<String?>(nil)

    /// Sets the note the runner sends with a passing result.
    package static func set(_ note: String) {
        text.withLock { $0 = note }
    }

    /// The note, if a test set one.
    package static var current: String? { text.withLock { $0 } }
}
