// Tests of TutorGradingTests arrive with the module.
