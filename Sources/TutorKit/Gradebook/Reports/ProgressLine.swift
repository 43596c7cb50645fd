import TutorTerminal

/// The lines a batch run shows while it works: a redrawn bar on a terminal, one plain
/// line per submission anywhere else (a CI log, a pipe).
///
///     ProgressLine.bar(progress, width: 60)
///     // "[███████████░░░░░░░░░] 23/50 · 4 not passing · ETA 0:31"
///     ProgressLine.plain(progress)
///     // "[23/50] alice: fail 17/20"
public enum ProgressLine {
    /// The bar for a terminal `width` columns wide, without a line end.
    public static func bar(_ progress: BatchProgress, width: Int) -> String {
        var details = "\(progress.done)/\(progress.total) · \(progress.failures) not passing"
        if progress.cached > 0 { details += " · \(progress.cached) unchanged" }
        if progress.done < progress.total {
            details += " · ETA " + (progress.estimatedSecondsLeft.map(clock) ?? "…")
        } else {
            details += " · \(clock(progress.elapsed))"
        }
        let barWidth = max(10, min(30, width - details.count - 4))
        let filled = progress.total > 0 ? progress.done * barWidth / progress.total : barWidth
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "] " + details
    }

    /// One line about the submission just finished.
    public static func plain(_ progress: BatchProgress) -> String {
        let counter = "[\(progress.done)/\(progress.total)]"
        guard let latest = progress.latest else { return counter }
        return "\(counter) \(MessageText.escaped(latest.student)): \(latest.outcome)"
    }

    /// Seconds as `m:ss` (or `h:mm:ss`).
    public static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let paddedSeconds = secs < 10 ? "0\(secs)" : "\(secs)"
        if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(paddedSeconds)" }
        return "\(minutes):\(paddedSeconds)"
    }
}
