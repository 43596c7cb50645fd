// Tests of TutorCourseTests arrive with the module.
