import Foundation
import Testing
import TutorStorage

/// The storage layer on its own: what opening does with each kind of file it finds, how
/// versions step forward, and what a transaction keeps when its body fails.
@Suite struct SQLiteDatabaseTests {
    private static let identity: Int32 = 0x5445_5354
    private static let first = SQLiteSchema(applicationID: identity, migrations: [
        "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL, weight REAL, extra TEXT);",
    ])
    private static let second = SQLiteSchema(applicationID: identity, migrations: first.migrations + [
        "ALTER TABLE note ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;",
    ])

    private let folder: URL
    private var file: URL { folder.appendingPathComponent("notes.sqlite3") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("storage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func notes(_ database: SQLiteDatabase) throws -> [String] {
        try database.query("SELECT body FROM note ORDER BY id") { $0.string(0) }
    }

    @Test func aNewFileIsStampedWithTheSchemasIdentityAndVersion() throws {
        let database = try SQLiteDatabase.open(at: file, schema: Self.first)
        #expect(database.recovery == nil)
        #expect(try database.applicationID() == Self.identity)
        #expect(try database.userVersion() == 1)
    }

    @Test func valuesComeBackAsTheyWentIn() throws {
        let database = try SQLiteDatabase.open(at: file, schema: Self.first)
        try database.execute("INSERT INTO note (body, weight, extra) VALUES (?, ?, ?)", ["naïve ✓", .real(2.5), nil])
        let row = try database.query("SELECT id, body, weight, extra FROM note") { row in
            (row.int64(0), row.string(1), row.double(2), row.optionalString(3))
        }
        #expect(row.count == 1)
        #expect(row.first?.0 == database.lastInsertRowID)
        #expect(row.first?.1 == "naïve ✓" && row.first?.2 == 2.5 && row.first?.3 == nil)
    }

    @Test func reopeningWithALaterSchemaRunsOnlyTheMissingStepAndKeepsTheRows() throws {
        try SQLiteDatabase.open(at: file, schema: Self.first).execute("INSERT INTO note (body) VALUES ('kept')")
        let database = try SQLiteDatabase.open(at: file, schema: Self.second)
        #expect(try database.userVersion() == 2)
        #expect(try database.query("SELECT body, pinned FROM note") { "\($0.string(0)) \($0.int(1))" } == ["kept 0"])
    }

    @Test func aFileThatIsNotSQLiteIsMovedAsideWithItsBytesAndAFreshOneStarted() throws {
        let garbage = Data("these are someone's notes, not a database\n".utf8)
        try garbage.write(to: file)
        let database = try SQLiteDatabase.open(at: file, schema: Self.first, now: Date(timeIntervalSince1970: 0))
        let recovery = try #require(database.recovery)
        #expect(recovery.movedTo.lastPathComponent == "notes.sqlite3.corrupt-19700101-000000")
        #expect(try Data(contentsOf: recovery.movedTo) == garbage)
        #expect(recovery.message.contains(file.path) && recovery.message.contains("not a readable SQLite database"))
        #expect(try notes(database).isEmpty)
    }

    @Test func anotherProgramsDatabaseIsSetAsideNotWrittenInto() throws {
        let other = SQLiteSchema(applicationID: 0x0BAD_F00D, migrations: ["CREATE TABLE theirs (x);"])
        try SQLiteDatabase.open(at: file, schema: other).execute("INSERT INTO theirs VALUES (42)")
        let database = try SQLiteDatabase.open(at: file, schema: Self.first)
        let recovery = try #require(database.recovery)
        #expect(recovery.problem.contains("belongs to another program"))
        let theirs = try SQLiteDatabase.open(at: recovery.movedTo, schema: other)
        #expect(try theirs.query("SELECT x FROM theirs") { $0.int(0) } == [42])
    }

    @Test func aFileFromANewerSchemaIsRefusedAndLeftAlone() throws {
        try SQLiteDatabase.open(at: file, schema: Self.second).execute("INSERT INTO note (body) VALUES ('newer')")
        #expect(throws: StorageError.newerSchema(path: file.path, found: 2, supported: 1)) {
            try SQLiteDatabase.open(at: file, schema: Self.first)
        }
        #expect(try notes(SQLiteDatabase.open(at: file, schema: Self.second)) == ["newer"])
        let setAside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("corrupt") }
        #expect(setAside.isEmpty)
    }

    @Test func aTransactionWhoseBodyThrowsLeavesNothing() throws {
        struct Stop: Error {}
        let database = try SQLiteDatabase.open(at: file, schema: Self.first)
        #expect(throws: Stop.self) {
            try database.transaction {
                try database.execute("INSERT INTO note (body) VALUES ('lost')")
                throw Stop()
            }
        }
        #expect(try notes(database).isEmpty)
    }

    @Test func aNestedTransactionThatFailsUndoesOnlyItsOwnWrites() throws {
        struct Stop: Error {}
        let database = try SQLiteDatabase.open(at: file, schema: Self.first)
        try database.transaction {
            try database.execute("INSERT INTO note (body) VALUES ('outer')")
            try? database.transaction {
                try database.execute("INSERT INTO note (body) VALUES ('inner')")
                throw Stop()
            }
        }
        #expect(try notes(database) == ["outer"])
    }

    @Test func aClosedDatabaseSaysSoAndNamesItsFile() throws {
        let database = try SQLiteDatabase.open(at: file, schema: Self.first)
        database.close()
        #expect(throws: StorageError.sqlite(path: file.path, operation: "using the database", reason: "it is closed")) {
            try database.execute("SELECT 1")
        }
    }

    @Test func aFolderThatCannotBeCreatedIsACannotOpenError() throws {
        let blocker = folder.appendingPathComponent("plain-file")
        try Data().write(to: blocker)
        let error = #expect(throws: StorageError.self) {
            try SQLiteDatabase.open(at: blocker.appendingPathComponent("notes.sqlite3"), schema: Self.first)
        }
        guard case .cannotOpen(let path, _)? = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("plain-file/notes.sqlite3"))
    }
}
