import CSQLite
import Foundation

/// A database file that was found unusable and moved out of the way.
public struct SQLiteRecovery: Sendable, Equatable {
    /// Where the old file now is.
    public var movedTo: URL
    /// What was wrong with it, in a few words.
    public var problem: String
    /// The file that was set aside (and has now been started afresh).
    public var original: URL

    /// One line for the user, e.g. for `console.warning`.
    public var message: String {
        "\(original.path): \(problem); moved it to \(movedTo.lastPathComponent) and started a fresh one"
    }
}

extension SQLiteDatabase {
    enum Inspection {
        case usable
        case unusable(String)
    }

    static func connect(_ url: URL, busyTimeoutMilliseconds: Int32) throws -> OpaquePointer {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let code = sqlite3_open_v2(url.path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let handle { sqlite3_close_v2(handle) }
            throw StorageError.cannotOpen(path: url.path, reason: reason)
        }
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(handle, 0)
        return handle
    }

    /// Reads the header and checks the pages, deciding whether this file is ours to use.
    func inspect(_ schema: SQLiteSchema) throws -> Inspection {
        let header: (applicationID: Int32, version: Int32, tables: Int)
        do {
            header = (try applicationID(), try userVersion(), try query("SELECT count(*) FROM sqlite_master") { $0.int(0) }.first ?? 0)
            let integrity = try query("PRAGMA quick_check") { $0.string(0) }
            if integrity != ["ok"] {
                return .unusable("is damaged (\(integrity.first ?? "integrity check failed"))")
            }
        } catch let StorageError.sqlite(_, _, reason) where Self.isBadFile(reason) {
            return .unusable("is not a readable SQLite database (\(reason))")
        }
        let empty = header.applicationID == 0 && header.version == 0 && header.tables == 0
        if !empty && header.applicationID != schema.applicationID {
            return .unusable("belongs to another program (application id \(header.applicationID), not \(schema.applicationID))")
        }
        if header.version > schema.version {
            throw StorageError.newerSchema(path: url.path, found: header.version, supported: schema.version)
        }
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
        return .usable
    }

    /// Applies the migrations the file lacks, in one transaction.
    func migrate(to schema: SQLiteSchema) throws {
        try transaction {
            let current = try userVersion()
            guard current < schema.version else { return }
            for script in schema.migrations[Int(current)...] {
                try execute(script)
            }
            try execute("PRAGMA application_id = \(schema.applicationID); PRAGMA user_version = \(schema.version)")
        }
    }

    private static func isBadFile(_ reason: String) -> Bool {
        let lowered = reason.lowercased()
        return lowered.contains("not a database") || lowered.contains("malformed") || lowered.contains("corrupt")
    }

    /// Renames `url` (and its write-ahead log) to `NAME.corrupt-<timestamp>`.
    static func setAside(_ url: URL, problem: String, now: Date) throws -> SQLiteRecovery {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stem = url.path + ".corrupt-" + formatter.string(from: now)
        var target = stem
        var suffix = 2
        let files = FileManager.default
        while files.fileExists(atPath: target) {
            target = "\(stem)-\(suffix)"
            suffix += 1
        }
        do {
            try files.moveItem(atPath: url.path, toPath: target)
        } catch {
            throw StorageError.cannotOpen(path: url.path, reason: "\(problem), and it could not be moved aside: \(error.localizedDescription)")
        }
        if files.fileExists(atPath: url.path + "-wal") {
            try? files.moveItem(atPath: url.path + "-wal", toPath: target + "-wal")
        }
        try? files.removeItem(atPath: url.path + "-shm")
        return SQLiteRecovery(movedTo: URL(fileURLWithPath: target), problem: problem, original: url)
    }
}

/// An advisory lock on a file beside the database, held while a connection is opened.
struct OpenLock {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StorageError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    func release() {
        flock(descriptor, LOCK_UN)
        Glibc.close(descriptor)
    }
}
