import TutorCourse

/// Proves a try-it step workable by running it in a playground of its own, the way
/// `cachetutor lessons --lint` does.
///
/// A step is workable when:
/// - its setup alone does not complete it (else the learner has nothing to do);
/// - the playground commands its hints spell out in backticks, run after the setup, do
///   complete it (so the hints are a real way out, and the conditions can be met at all);
/// - no `hint until CONDITION:` has its CONDITION true right after the setup (the hint
///   would never show);
/// - every `evicted KEY by REASON` can happen in the caches the step makes: `count` needs
///   a count limit, `cost` a cost limit, and the playground never discards content.
///
///     TryStepChecker.problems(step)   // ["its hints' commands (`get a`) leave 'evicted b by count' unmet …"]
public enum TryStepChecker {
    /// Why `step` does not work, one reason a line; empty when it works.
    public static func problems(_ step: TryStep) -> [String] {
        // A Swift step has no playground commands to replay; `lessons --lint` runs its answer.
        guard !step.isSwift else { return [] }
        var problems = impossibleEvictions(step)
        let playground = Playground()
        do {
            for command in step.setup { _ = try playground.run(command) }
        } catch {
            return problems  // the setup check reports the failing command itself
        }
        let mark = playground.mark
        if playground.allHold(step.conditions, since: mark) {
            problems.append("its setup alone completes it, so the learner has nothing to do; expect something only the learner's commands bring about")
            return problems
        }
        for (index, goal) in step.hintGoals.enumerated() {
            guard let goal, playground.holds(goal, since: mark) else { continue }
            problems.append("hint \(index + 1) is passed over from the start: its 'until \(goal)' holds right after the setup")
        }
        let commands = hintedCommands(step)
        guard !commands.isEmpty else {
            problems.append("no hint spells out a playground command in backticks; end the hints with the commands that complete the step")
            return problems
        }
        var ran: [String] = []
        for command in commands where !playground.allHold(step.conditions, since: mark) {
            _ = try? playground.run(command)
            ran.append(command)
        }
        let unmet = step.conditions.filter { !playground.holds($0, since: mark) }
        if !unmet.isEmpty {
            let list = ran.map { "`\($0)`" }.joined(separator: ", ")
            let conditions = unmet.map { "'\($0)'" }.joined(separator: ", ")
            problems.append("its hints' commands (\(list)) leave \(conditions) unmet under \(playground.describeLimits()); fix the hints or the expectation")
        }
        return problems
    }

    /// The commands a step's hints spell out in backticks, in order (`get a`, `set d 1`);
    /// code spans that are not playground commands (`KEY`, `countLimit`) are skipped.
    public static func hintedCommands(_ step: TryStep) -> [String] {
        step.hints.flatMap { hint in
            hint.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }
                .map { String($0.element) }
                .filter { (try? PlaygroundCommand(parsing: $0)) != nil }
        }
    }

    /// `evicted … by count|cost|discarded` conditions that no cache of the step can meet.
    static func impossibleEvictions(_ step: TryStep) -> [String] {
        let caches = (step.setup + hintedCommands(step)).compactMap { command -> PlaygroundCommand.CacheSettings? in
            guard case let .newCache(settings)? = try? PlaygroundCommand(parsing: command) else { return nil }
            return settings
        }
        return step.conditions.compactMap { condition in
            guard case let .evicted(_, reason?) = condition else { return nil }
            switch reason {
            case .count where !caches.contains(where: { ($0.countLimit ?? 0) > 0 }):
                return "'\(condition)' can never hold: no cache of this step has a count limit (cache new --count N)"
            case .cost where !caches.contains(where: { ($0.costLimit ?? 0) > 0 }):
                return "'\(condition)' can never hold: no cache of this step has a cost limit (cache new --cost N)"
            case .discarded:
                return "'\(condition)' can never hold: the playground's entries never discard their content"
            default:
                return nil
            }
        }
    }
}
