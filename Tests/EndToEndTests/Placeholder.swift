// Tests of EndToEndTests arrive with the module.
