/// What `cachetutor exercises verify` found in one exercise.
public struct ExerciseVerification: Sendable, Equatable {
    /// One thing wrong with the exercise, where an author can fix it.
    public struct Problem: Sendable, Equatable {
        /// `file` or `file:line`.
        public var location: String
        /// What is wrong, in one line.
        public var message: String

        /// A problem at `location`.
        public init(_ location: String, _ message: String) {
            self.location = location
            self.message = message
        }
    }

    /// The exercise's name.
    public var exercise: String
    /// Its hidden tests.
    public var testCount = 0
    /// Mutants that failed every test their header names.
    public var mutantsCaught = 0
    /// Mutants in `.grading/Mutants`.
    public var mutantCount = 0
    /// A test and how long it took.
    public struct Timing: Sendable, Equatable {
        public var name: String
        public var milliseconds: Int
    }

    /// The slowest test over every run of the reference, and its time.
    public var slowestTest: Timing?
    /// Everything wrong, in the order found.
    public var problems: [Problem] = []

    /// An empty verification of `exercise`.
    public init(exercise: String) {
        self.exercise = exercise
    }
}
