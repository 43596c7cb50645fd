// Tests of TutorKitTests arrive with the module.
