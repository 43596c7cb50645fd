/// The descriptors a test process is started with, beyond standard input, output and error.
/// The grader arranges them (`PosixProcessRunner`); the runner (`Sources/Harness/Runtime`)
/// and the sanitizer's race notice use them. Every other descriptor of the grader's is closed
/// before the runner starts.
public enum ChannelDescriptor {
    /// Where the runner writes its ``ChannelRecord``s: a Unix socket, which, unlike a pipe,
    /// the code under test cannot reopen through `/proc/self/fd`.
    public static let results: Int32 = 3
    /// Where the run's secret arrives, one line, read and closed before the submission loads.
    public static let secret: Int32 = 4
    /// Where the grader's stall watcher tells a waiting test that every other thread is
    /// stuck; a Unix socket too, present only when the watcher runs.
    public static let notices: Int32 = 5

    /// The first descriptor the grader does not hand to a test process started with
    /// `resultChannel` and `notices` as given: everything from here up is closed.
    public static func firstClosed(resultChannel: Bool, notices: Bool) -> Int32 {
        notices ? Self.notices + 1 : resultChannel ? secret + 1 : results
    }
}
