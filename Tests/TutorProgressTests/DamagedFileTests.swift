import Foundation
import Testing
@testable import TutorProgress
import TutorStorage

/// Files that are not a usable progress store are set aside, reported, and never overwritten.
@Suite struct DamagedFileTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    private func openCollectingWarnings() throws -> (ProgressStore, [String]) {
        var warnings: [String] = []
        let store = try ProgressStore(url: folder.storeURL, warn: { warnings.append($0) })
        return (store, warnings)
    }

    private func asideFiles() throws -> [String] {
        try folder.files().filter { $0.hasPrefix("progress.sqlite3.corrupt-") && !$0.hasSuffix("-wal") }
    }

    @Test func garbageFileIsMovedAsideAndKeptIntact() throws {
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: folder.storeURL)

        let (store, warnings) = try openCollectingWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("not a readable SQLite database") == true)
        let aside = try asideFiles()
        #expect(aside.count == 1)
        #expect(warnings.first?.contains(aside[0]) == true)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent(aside[0])) == garbage)

        try store.recordPosition(lesson: "01-why-cache", page: 1)
        #expect(try store.page(lesson: "01-why-cache") == 1)
    }

    @Test func foreignSQLiteFileIsMovedAside() throws {
        let foreign = try SQLiteDatabase.open(at: folder.storeURL, schema: SQLiteSchema(applicationID: 0x1234, migrations: [
            "CREATE TABLE recipes (name TEXT);",
        ]))
        try foreign.execute("INSERT INTO recipes VALUES (?)", ["bread"])
        foreign.close()

        let (store, warnings) = try openCollectingWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("belongs to another program") == true)
        #expect(try store.database.applicationID() == ProgressStore.applicationID)

        let aside = try asideFiles()
        #expect(aside.count == 1)
        let kept = try SQLiteDatabase.open(at: folder.url.appendingPathComponent(aside[0]),
                                           schema: SQLiteSchema(applicationID: 0x1234, migrations: ["CREATE TABLE recipes (name TEXT);"]))
        #expect(try kept.query("SELECT name FROM recipes") { $0.string(0) } == ["bread"])
    }

    @Test func unstampedSQLiteFileWithTablesIsForeign() throws {
        let plain = try SQLiteDatabase.open(at: folder.storeURL, schema: SQLiteSchema(applicationID: 0, migrations: []))
        try plain.execute("CREATE TABLE notes (body TEXT)")
        plain.close()
        let (_, warnings) = try openCollectingWarnings()
        #expect(warnings.first?.contains("belongs to another program") == true)
    }

    @Test func damagedPagesAreDetected() throws {
        do {
            let store = try ProgressStore(url: folder.storeURL)
            for index in 0..<300 {
                try store.recordCheck(CheckRecord(exercise: "ThumbnailCache", file: "file-\(index).swift", status: "fail", passed: 1, total: 2))
            }
            try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            store.database.close()
        }
        // Scribble over the middle of the file, leaving the 100-byte header alone.
        let handle = try FileHandle(forWritingTo: folder.storeURL)
        try handle.seek(toOffset: 4096 + 100)
        handle.write(Data(repeating: 0xA5, count: 8192))
        try handle.close()

        let (store, warnings) = try openCollectingWarnings()
        #expect(warnings.count == 1)
        #expect(try store.checks().isEmpty)
        #expect(try asideFiles().count == 1)
    }

    @Test func emptyFileIsStartedFreshWithoutWarning() throws {
        try Data().write(to: folder.storeURL)
        let (store, warnings) = try openCollectingWarnings()
        #expect(warnings.isEmpty)
        #expect(try store.database.userVersion() == ProgressStore.schema.version)
    }

    @Test func newerSchemaIsRefusedAndLeftAlone() throws {
        do {
            let store = try ProgressStore(url: folder.storeURL)
            try store.database.execute("PRAGMA user_version = 99")
            store.database.close()
        }
        let before = try Data(contentsOf: folder.storeURL)
        #expect(throws: StorageError.newerSchema(path: folder.storeURL.path, found: 99, supported: ProgressStore.schema.version)) {
            try ProgressStore(url: folder.storeURL)
        }
        #expect(try Data(contentsOf: folder.storeURL) == before)
        #expect(try asideFiles().isEmpty)
    }

    @Test func olderSchemaIsMigratedInPlace() throws {
        let v1 = SQLiteSchema(applicationID: 0x55, migrations: ["CREATE TABLE a (x INTEGER);"])
        let first = try SQLiteDatabase.open(at: folder.storeURL, schema: v1)
        try first.execute("INSERT INTO a VALUES (?)", [7])
        first.close()
        let v2 = SQLiteSchema(applicationID: 0x55, migrations: v1.migrations + ["ALTER TABLE a ADD COLUMN y TEXT;"])
        let second = try SQLiteDatabase.open(at: folder.storeURL, schema: v2)
        #expect(try second.userVersion() == 2)
        #expect(try second.query("SELECT x, y FROM a") { "\($0.int(0)) \($0.optionalString(1) ?? "nil")" } == ["7 nil"])
    }
}
