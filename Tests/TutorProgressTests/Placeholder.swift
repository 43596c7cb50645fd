// Tests of TutorProgressTests arrive with the module.
