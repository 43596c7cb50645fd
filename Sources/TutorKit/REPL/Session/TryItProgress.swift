import TutorCourse

/// A try-it step in progress and the rules that judge it: a command that makes one more of
/// its conditions hold brings it closer; one that changes the cache without that is a miss;
/// from the ``missesBeforeHint``th miss on, each miss brings a hint unasked. An attempt that
/// can no longer succeed is reported once. Pure: the session asks the playground (or a
/// Swift run) which conditions hold and says what the verdict means.
struct TryItProgress {
    /// What a command or a run did for the step.
    enum Verdict: Equatable {
        /// Every condition holds: the step is done.
        case done
        /// One more condition holds than before: a step on the way, not a miss.
        case closer
        /// A miss: say "not yet".
        case notYet
        /// A miss that earns a hint unasked.
        case hint
        /// Nothing the step counts (the command only looked).
        case unchanged
    }

    /// Misses before a hint appears unasked: the first gets a "not yet", the second a hint.
    static let missesBeforeHint = 2

    /// The page the step is on.
    let pageIndex: Int
    /// The step.
    let step: TryStep
    /// The playground's event count when the step began; conditions count events after it.
    let mark: Int
    /// Misses so far.
    private(set) var misses = 0
    /// How many conditions held after the last command.
    private(set) var conditionsHolding: Int
    /// Whether this attempt was already told it can no longer succeed.
    private(set) var toldOutOfReach = false

    /// A step begun at `mark`, with `holding` of its conditions already true.
    init(pageIndex: Int, step: TryStep, mark: Int, holding: Int) {
        self.pageIndex = pageIndex
        self.step = step
        self.mark = mark
        conditionsHolding = holding
    }

    /// Judges a playground command after which `holding` conditions hold; `changedCache`
    /// says whether the command could have changed the cache at all.
    mutating func judgeCommand(holding: Int, changedCache: Bool) -> Verdict {
        guard holding < step.conditions.count else { return .done }
        let closer = holding > conditionsHolding
        conditionsHolding = holding
        if closer { return .closer }
        guard changedCache else { return .unchanged }
        return miss()
    }

    /// Judges a Swift run for which `unmet` conditions do not hold.
    mutating func judgeRun(unmet: Int) -> Verdict {
        unmet == 0 ? .done : miss()
    }

    /// Whether to tell the learner now that the attempt cannot succeed, given the reasons
    /// it cannot (empty while it can): true the first time only.
    mutating func shouldTellOutOfReach(_ reasons: [String]) -> Bool {
        guard !reasons.isEmpty, !toldOutOfReach else { return false }
        toldOutOfReach = true
        return true
    }

    private mutating func miss() -> Verdict {
        misses += 1
        return misses >= Self.missesBeforeHint ? .hint : .notYet
    }
}
