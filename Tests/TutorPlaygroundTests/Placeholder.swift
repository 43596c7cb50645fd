// Tests of TutorPlaygroundTests arrive with the module.
