/// What a database file must look like for one application: its identity and its tables.
///
/// `applicationID` is written into the file header (`PRAGMA application_id`), so a file that
/// belongs to something else is recognised rather than written over. `migrations[i]` takes
/// the schema from version `i` to `i + 1`; the current version is `migrations.count`.
///
///     let schema = SQLiteSchema(applicationID: 0x4354_5052, migrations: [
///         "CREATE TABLE attempt (id INTEGER PRIMARY KEY, score REAL NOT NULL);",
///     ])
public struct SQLiteSchema: Sendable {
    /// The 32-bit identifier stamped in the file header.
    public var applicationID: Int32
    /// SQL scripts, one per version step, applied in order inside one transaction.
    public var migrations: [String]

    /// The version a file has once every migration has run.
    public var version: Int32 { Int32(migrations.count) }

    /// A schema with an identity and its version steps.
    public init(applicationID: Int32, migrations: [String]) {
        self.applicationID = applicationID
        self.migrations = migrations
    }
}
