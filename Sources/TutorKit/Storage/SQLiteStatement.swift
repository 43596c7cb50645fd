import CSQLite
import Foundation

/// A prepared SQL statement: bind values, step through rows, read columns.
///
/// Made by ``SQLiteDatabase/prepare(_:)``. A statement belongs to one thread at a time;
/// the database's helpers (``SQLiteDatabase/execute(_:_:)``, ``SQLiteDatabase/query(_:_:row:)``)
/// take the database lock around it for you.
///
///     let statement = try database.prepare("SELECT score FROM attempt WHERE quiz = ?")
///     try statement.bind(["01-why-cache"])
///     while try statement.step() { print(statement.double(0)) }
public final class SQLiteStatement {
    private let handle: OpaquePointer
    private let database: SQLiteDatabase
    private let sql: String

    init(handle: OpaquePointer, database: SQLiteDatabase, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to the statement's parameters, first to last, after resetting it.
    public func bind(_ values: [SQLiteValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one value to the parameter at `index` (counted from 1, as SQLite does).
    public func bind(_ value: SQLiteValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case let .integer(number): code = sqlite3_bind_int64(handle, index, number)
        case let .real(number): code = sqlite3_bind_double(handle, index, number)
        case let .text(text): code = sqlite3_bind_text(handle, index, text, -1, SQLiteStatement.transient)
        }
        try database.check(code, "binding a value for \(summary)")
    }

    /// Runs the statement to its next row: true when a row is ready to read, false when done.
    @discardableResult
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            try database.check(code, summary)
            return false
        }
    }

    /// Makes the statement ready to run again with the same bindings.
    public func reset() { sqlite3_reset(handle) }

    /// Whether column `index` (from 0) of the current row is NULL.
    public func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` of the current row as an integer.
    public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` of the current row as an `Int`.
    public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

    /// Column `index` of the current row as a double.
    public func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` of the current row as text ("" for NULL).
    public func string(_ index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        return String(cString: text)
    }

    /// Column `index` of the current row as text, or nil for NULL.
    public func optionalString(_ index: Int32) -> String? { isNull(index) ? nil : string(index) }

    /// Column `index` as a date stored as seconds since 1970.
    public func date(_ index: Int32) -> Date { Date(timeIntervalSince1970: double(index)) }

    /// Column `index` as a date, or nil for NULL.
    public func optionalDate(_ index: Int32) -> Date? { isNull(index) ? nil : date(index) }

    private var summary: String {
        let firstLine = sql.split(separator: "\n").first.map(String.init) ?? sql
        return "'\(firstLine.trimmingCharacters(in: .whitespaces).prefix(60))'"
    }

    // SQLite copies the text before bind returns (SQLITE_TRANSIENT).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
