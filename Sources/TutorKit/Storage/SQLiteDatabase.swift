import CSQLite
import Foundation

/// A thin, thread-safe wrapper over one SQLite connection that knows whose file it is.
///
/// Opening checks the file before anything is written: a file that is not SQLite, is
/// damaged, or carries another application's id is moved aside to
/// `NAME.corrupt-<timestamp>` and a fresh file is started (``recovery`` says so); a file
/// from a newer schema is refused, never overwritten. Connections use WAL, a busy timeout,
/// and `BEGIN IMMEDIATE` transactions, so several processes can write at once and a killed
/// process leaves either the whole of a transaction or none of it.
///
///     let database = try SQLiteDatabase.open(at: url, schema: schema)
///     if let recovery = database.recovery { console.warning(recovery.message) }
///     try database.transaction {
///         try database.execute("INSERT INTO attempt (score) VALUES (?)", [.real(4)])
///     }
public final class SQLiteDatabase: @unchecked Sendable {
    /// The file this connection writes.
    public let url: URL
    /// Set when the file found at ``url`` was unusable and has been moved aside.
    public let recovery: SQLiteRecovery?

    private var handle: OpaquePointer?
    // Recursive: `transaction` holds it while its body runs statements.
    private let lock = NSRecursiveLock()
    private var transactionDepth = 0

    private init(url: URL, handle: OpaquePointer, recovery: SQLiteRecovery?) {
        self.url = url
        self.handle = handle
        self.recovery = recovery
    }

    deinit {
        if let handle { sqlite3_close_v2(handle) }
    }

    /// Opens (or creates) the database at `url`, brings it to `schema`'s version, and sets
    /// aside a file that is damaged or belongs to someone else.
    ///
    /// - Parameters:
    ///   - busyTimeoutMilliseconds: how long a statement waits for another writer.
    ///   - now: the time used to name a file that is set aside.
    /// - Throws: ``StorageError`` when the folder cannot be written, the file is newer
    ///   than `schema`, or SQLite fails for a reason other than a bad file.
    public static func open(at url: URL, schema: SQLiteSchema, busyTimeoutMilliseconds: Int32 = 10_000, now: Date = Date()) throws -> SQLiteDatabase {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StorageError.cannotOpen(path: url.path, reason: "cannot create \(folder.path): \(error.localizedDescription)")
        }
        // Serialise opening between processes, so two that find a bad file don't both move it
        // and one never moves aside the fresh file the other just made.
        let lockFile = try OpenLock(path: url.path + ".lock")
        defer { lockFile.release() }

        var recovery: SQLiteRecovery?
        for _ in 0..<2 {
            let handle = try connect(url, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            let database = SQLiteDatabase(url: url, handle: handle, recovery: recovery)
            switch try database.inspect(schema) {
            case .usable:
                try database.migrate(to: schema)
                return database
            case let .unusable(problem):
                database.close()
                recovery = try setAside(url, problem: problem, now: now)
            }
        }
        throw StorageError.cannotOpen(path: url.path, reason: "a fresh file could not be started after setting the old one aside")
    }

    /// Runs one or more SQL statements that take no parameters and return no rows.
    public func execute(_ sql: String) throws {
        try withLock {
            var errorMessage: UnsafeMutablePointer<CChar>?
            let code = sqlite3_exec(try connection(), sql, nil, nil, &errorMessage)
            if code != SQLITE_OK {
                let reason = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
                sqlite3_free(errorMessage)
                throw StorageError.sqlite(path: url.path, operation: "'\(Self.firstLine(of: sql))'", reason: reason)
            }
        }
    }

    /// Runs one statement with `values` bound to its `?` parameters, ignoring any rows.
    public func execute(_ sql: String, _ values: [SQLiteValue]) throws {
        try withLock {
            let statement = try prepare(sql)
            try statement.bind(values)
            while try statement.step() {}
        }
    }

    /// Runs one query and turns each row into a value with `row`.
    ///
    ///     let names = try database.query("SELECT quiz FROM attempt") { $0.string(0) }
    public func query<Row>(_ sql: String, _ values: [SQLiteValue] = [], row: (SQLiteStatement) throws -> Row) throws -> [Row] {
        try withLock {
            let statement = try prepare(sql)
            try statement.bind(values)
            var rows: [Row] = []
            while try statement.step() { rows.append(try row(statement)) }
            return rows
        }
    }

    /// Compiles one statement; use it from one thread at a time.
    public func prepare(_ sql: String) throws -> SQLiteStatement {
        try withLock {
            var statement: OpaquePointer?
            try check(sqlite3_prepare_v2(try connection(), sql, -1, &statement, nil), "preparing '\(Self.firstLine(of: sql))'")
            guard let statement else {
                throw StorageError.sqlite(path: url.path, operation: "preparing '\(Self.firstLine(of: sql))'", reason: "no statement in the text")
            }
            return SQLiteStatement(handle: statement, database: self, sql: sql)
        }
    }

    /// The row id of the last row inserted on this connection.
    public var lastInsertRowID: Int64 {
        withLock { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }
    }

    /// Runs `body` as one transaction: all of its writes land, or (when it throws) none do.
    ///
    /// The outermost call starts with `BEGIN IMMEDIATE`, taking the write lock at once so two
    /// writers queue on the busy timeout instead of failing half-way; nested calls become
    /// savepoints. Other threads using this database wait until the transaction ends.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try withLock {
            let outermost = transactionDepth == 0
            let savepoint = "nested_\(transactionDepth)"
            try execute(outermost ? "BEGIN IMMEDIATE" : "SAVEPOINT \(savepoint)")
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            do {
                let result = try body()
                try execute(outermost ? "COMMIT" : "RELEASE \(savepoint)")
                return result
            } catch {
                if outermost {
                    try? execute("ROLLBACK")
                } else {
                    try? execute("ROLLBACK TO \(savepoint)")
                    try? execute("RELEASE \(savepoint)")
                }
                throw error
            }
        }
    }

    /// The schema version stamped in the file (`PRAGMA user_version`).
    public func userVersion() throws -> Int32 {
        Int32(truncatingIfNeeded: try query("PRAGMA user_version") { $0.int64(0) }.first ?? 0)
    }

    /// The application id stamped in the file (`PRAGMA application_id`).
    public func applicationID() throws -> Int32 {
        Int32(truncatingIfNeeded: try query("PRAGMA application_id") { $0.int64(0) }.first ?? 0)
    }

    /// Closes the connection; later calls throw.
    public func close() {
        withLock {
            if let handle { sqlite3_close_v2(handle) }
            handle = nil
        }
    }

    func check(_ code: Int32, _ operation: String) throws {
        guard code != SQLITE_OK, code != SQLITE_ROW, code != SQLITE_DONE else { return }
        let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        throw StorageError.sqlite(path: url.path, operation: operation, reason: reason)
    }

    private func connection() throws -> OpaquePointer {
        guard let handle else { throw StorageError.sqlite(path: url.path, operation: "using the database", reason: "it is closed") }
        return handle
    }

    private func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private static func firstLine(of sql: String) -> String {
        let line = sql.split(separator: "\n").first.map(String.init) ?? sql
        return String(line.trimmingCharacters(in: .whitespaces).prefix(60))
    }
}
