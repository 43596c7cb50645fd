// Tests of TutorGradebookTests arrive with the module.
