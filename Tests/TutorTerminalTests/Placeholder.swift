// Tests of TutorTerminalTests arrive with the module.
