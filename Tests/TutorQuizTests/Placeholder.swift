// Tests of TutorQuizTests arrive with the module.
