import TutorStorage

extension Gradebook {
    /// "CTGB" (cachetutor gradebook), stamped in the file header so a foreign file is recognised.
    public static let applicationID: Int32 = 0x4354_4742

    /// The tables, one migration per schema version. Append, never edit a shipped step.
    ///
    /// `attempt` holds one row per grading of a student's file, never updated once
    /// written; its uniqueness rule is the cache key (plus `forced_by`, the run that
    /// asked for a re-grade with `--force`, or ''), so two runs racing on one result
    /// keep one row. `run` and `run_entry` record what each finished run reported, so
    /// shards can be merged into the report one run would have given.
    ///
    /// Version 2 makes the file a course gradebook: each run entry keeps the submission
    /// time it was judged by and where it came from; a run records the students `--only`
    /// limited it to; `deadline` keeps each exercise's deadlines and late policy (a new
    /// row per change, the newest counts); `adjustment` keeps every manual adjustment.
    /// Existing rows are untouched, so a version 1 gradebook opens with all its history.
    ///
    /// Version 3 keeps each exercise's score inputs (`score_input`: weights, extra tests,
    /// `--timestamps`; a new row per change, the newest counts), so a regrade that does not
    /// repeat them scores as before. An older gradebook has no row; its last run's weights
    /// and extra tests stand in until the next grading records them.
    static let schema = SQLiteSchema(applicationID: applicationID, migrations: [
        """
        CREATE TABLE attempt (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            student TEXT NOT NULL,
            file TEXT NOT NULL,
            file_hash TEXT NOT NULL,
            exercise TEXT NOT NULL,
            harness TEXT NOT NULL,
            extra_tests TEXT NOT NULL,
            weights TEXT NOT NULL,
            forced_by TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL,
            score REAL NOT NULL,
            max_score REAL NOT NULL,
            passed INTEGER NOT NULL,
            total INTEGER NOT NULL,
            report TEXT NOT NULL,
            duration_ms INTEGER NOT NULL,
            graded_at REAL NOT NULL,
            run TEXT NOT NULL,
            rescored INTEGER NOT NULL DEFAULT 0,
            UNIQUE (student, file, file_hash, exercise, harness, extra_tests, weights, forced_by)
        );
        CREATE INDEX attempt_by_content ON attempt (student, file, file_hash, exercise, harness, extra_tests);
        CREATE TABLE run (
            id TEXT PRIMARY KEY,
            started_at REAL NOT NULL,
            finished_at REAL,
            source TEXT NOT NULL,
            shard TEXT NOT NULL,
            exercise TEXT NOT NULL,
            harness TEXT NOT NULL,
            extra_tests TEXT NOT NULL,
            weights TEXT NOT NULL,
            weights_text TEXT NOT NULL
        );
        CREATE TABLE run_entry (
            run TEXT NOT NULL REFERENCES run (id),
            path TEXT NOT NULL,
            student TEXT,
            attempt TEXT REFERENCES attempt (uid),
            skip_reason TEXT,
            tool_error TEXT,
            PRIMARY KEY (run, path)
        );
        """,
        """
        ALTER TABLE run ADD COLUMN only_students TEXT NOT NULL DEFAULT '';
        ALTER TABLE run_entry ADD COLUMN submitted_at REAL;
        ALTER TABLE run_entry ADD COLUMN time_source TEXT;
        CREATE INDEX run_by_exercise ON run (exercise, finished_at);
        CREATE TABLE deadline (
            id INTEGER PRIMARY KEY,
            exercise TEXT NOT NULL,
            due REAL,
            extensions TEXT NOT NULL,
            late_penalty TEXT NOT NULL,
            grace_seconds REAL NOT NULL,
            set_at REAL NOT NULL
        );
        CREATE INDEX deadline_by_exercise ON deadline (exercise, id);
        CREATE TABLE adjustment (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            exercise TEXT NOT NULL,
            student TEXT NOT NULL,
            points REAL NOT NULL,
            reason TEXT NOT NULL,
            made_at REAL NOT NULL
        );
        CREATE INDEX adjustment_by_exercise ON adjustment (exercise, student);
        """,
        """
        CREATE TABLE score_input (
            id INTEGER PRIMARY KEY,
            exercise TEXT NOT NULL,
            weights_text TEXT NOT NULL,
            weights_file TEXT NOT NULL,
            extra_tests TEXT NOT NULL,
            extra_tests_folder TEXT NOT NULL,
            timestamps TEXT NOT NULL,
            timestamps_file TEXT NOT NULL,
            set_at REAL NOT NULL
        );
        CREATE INDEX score_input_by_exercise ON score_input (exercise, id);
        """,
    ])
}
