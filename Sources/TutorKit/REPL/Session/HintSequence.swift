import TutorCourse

/// The hints of one page as one numbered list: the try-it step's hints first, then the
/// page's `:::hint` blocks, so the numbers go on ("Hint 3 of 3") instead of starting again.
///
/// Each hint is shown once, in order. A step hint whose goal (`hint until CONDITION:`)
/// holds is passed over for now, since it would tell the learner what is already true; it
/// comes back if its goal stops holding (after `retry`, say). While no step is waiting,
/// the step's hints are passed over too. Pure: the session says which goals hold.
///
///     var hints = HintSequence(stepHints: ["Try `pressure critical`."], stepGoals: [.ran(command: "pressure critical")], pageHints: 1)
///     hints.next(stepWaiting: true) { _ in true }   // Next(number: 2, total: 2, item: .page(0), skipped: [1])
struct HintSequence: Equatable {
    /// A hint to show.
    enum Item: Equatable {
        /// A step hint's inline Markdown.
        case step(String)
        /// The index of a page hint.
        case page(Int)
    }

    /// The answer to "next hint": the hint, if one applies, and those passed over.
    struct Next: Equatable {
        /// The hint's 1-based number in the page's list (0 when none applies).
        var number: Int
        /// How many hints the page has in all.
        var total: Int
        /// What to show; nil when no hint is left that applies now.
        var item: Item?
        /// Numbers of unseen step hints passed over because their goal holds.
        var skipped: [Int]
    }

    let stepHints: [String]
    let stepGoals: [TryCondition?]
    let pageHints: Int
    /// Indices of the hints shown so far.
    private(set) var shown: Set<Int> = []

    /// The list of a page whose step has `stepHints` (with `stepGoals`, parallel, nil
    /// where a hint has none) and that has `pageHints` hint blocks.
    init(stepHints: [String], stepGoals: [TryCondition?], pageHints: Int) {
        self.stepHints = stepHints
        self.stepGoals = stepGoals
        self.pageHints = pageHints
    }

    /// How many hints the page has in all.
    var total: Int { stepHints.count + pageHints }

    /// The first unseen hint that applies now, counted as shown.
    mutating func next(stepWaiting: Bool, goalHolds: (TryCondition) -> Bool) -> Next {
        var skipped: [Int] = []
        for index in 0..<total where !shown.contains(index) {
            guard index < stepHints.count else {
                shown.insert(index)
                return Next(number: index + 1, total: total, item: .page(index - stepHints.count), skipped: skipped)
            }
            guard stepWaiting else { continue }
            if index < stepGoals.count, let goal = stepGoals[index], goalHolds(goal) {
                skipped.append(index + 1)
                continue
            }
            shown.insert(index)
            return Next(number: index + 1, total: total, item: .step(stepHints[index]), skipped: skipped)
        }
        return Next(number: 0, total: total, item: nil, skipped: skipped)
    }
}
