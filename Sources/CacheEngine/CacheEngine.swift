// CacheEngine placeholder, replaced by Cache.swift.
