// Tests of CacheEngineTests arrive with the module.
