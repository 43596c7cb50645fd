/// A try-it step: a task and the outcome that completes it. Done in the cache playground,
/// or, when the step holds a ```` ```swift ```` block (its reference answer, never shown),
/// in Swift the learner writes with `edit` and runs with `run`.
///
///     :::try Make the cache evict `b` because of its cost
///     setup: cache new --cost 100 --policy lru
///     expect: evicted b by cost
///     hint: One more entry of cost 30 goes over the limit.
///     hint until evicted b: `set c 30`.
///     :::
public struct TryStep: Sendable, Equatable {
    /// The task, as inline Markdown (`Make the cache evict \`b\``).
    public var task: String
    /// Playground commands run, in order, when the step starts.
    public var setup: [String]
    /// All must hold for the step to be done.
    public var conditions: [TryCondition]
    /// Inline-Markdown hints, shown one at a time.
    public var hints: [String]
    /// What each hint leads to (parallel to ``hints``; nil, or missing at the end, where a
    /// hint has none): `hint until CONDITION:` is passed over once CONDITION holds, since it
    /// would only describe what is already true.
    public var hintGoals: [TryCondition?] = []
    /// The 1-based line of `:::try` in the lesson file.
    public var line: Int
    /// The line of each `setup:` (parallel to ``setup``), for lint messages.
    public var setupLines: [Int] = []
    /// The line of each `hint:` (parallel to ``hints``), for lint messages.
    public var hintLines: [Int] = []
    /// The line of each `expect:` (parallel to ``conditions``), for lint messages.
    public var conditionLines: [Int] = []
    /// For a Swift step, the reference answer: Swift that meets the conditions
    /// (`lessons --lint` runs it to prove the step can be done).
    public var answer: CodeBlock?

    /// Whether the learner does this step in Swift rather than in the playground.
    public var isSwift: Bool { answer != nil }

    /// A try-it step.
    public init(task: String, setup: [String] = [], conditions: [TryCondition], hints: [String] = [], line: Int = 0) {
        self.task = task
        self.setup = setup
        self.conditions = conditions
        self.hints = hints
        self.line = line
    }
}
