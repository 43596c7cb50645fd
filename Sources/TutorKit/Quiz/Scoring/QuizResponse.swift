/// What a learner answered to one question, independent of how it was typed or shown.
///
/// Choice indices refer to the question's answers in file order, so a response means the
/// same thing however the choices were shuffled on screen.
public enum QuizResponse: Sendable, Equatable {
    /// One choice of a single-answer multiple-choice question.
    case choice(Int)
    /// Every choice picked in a multiple-answer question.
    case choices(Set<Int>)
    /// True or false.
    case trueFalse(Bool)
    /// Typed text: a short answer, or an essay.
    case text(String)
    /// A number, for a numerical question.
    case number(Double)
    /// For each item of a matching question that is not a distractor, in file order, the match chosen.
    case matches([String])
}
