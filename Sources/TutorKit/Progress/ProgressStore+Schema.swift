import TutorStorage

extension ProgressStore {
    /// "CTPG" (cachetutor progress), stamped in the file header so a foreign file is recognised.
    public static let applicationID: Int32 = 0x4354_5047

    /// The tables, one migration per schema version. Append, never edit a shipped step.
    static let schema = SQLiteSchema(applicationID: applicationID, migrations: [
        """
        CREATE TABLE lesson (
            lesson TEXT PRIMARY KEY,
            page INTEGER NOT NULL,
            furthest_page INTEGER NOT NULL,
            page_count INTEGER,
            started_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE TABLE resume (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            lesson TEXT NOT NULL,
            page INTEGER NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE TABLE try_step (
            lesson TEXT NOT NULL,
            step TEXT NOT NULL,
            skipped INTEGER NOT NULL,
            done_at REAL NOT NULL,
            PRIMARY KEY (lesson, step)
        );
        CREATE TABLE hint (
            id INTEGER PRIMARY KEY,
            lesson TEXT NOT NULL,
            page INTEGER NOT NULL,
            step TEXT,
            shown_at REAL NOT NULL
        );
        CREATE TABLE quiz_attempt (
            id INTEGER PRIMARY KEY,
            quiz TEXT NOT NULL,
            score REAL NOT NULL,
            max_score REAL NOT NULL,
            completed INTEGER NOT NULL,
            started_at REAL NOT NULL,
            finished_at REAL NOT NULL
        );
        CREATE TABLE quiz_answer (
            attempt_id INTEGER NOT NULL REFERENCES quiz_attempt (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            question TEXT NOT NULL,
            response TEXT NOT NULL,
            credit REAL NOT NULL,
            PRIMARY KEY (attempt_id, position)
        );
        CREATE TABLE check_attempt (
            id INTEGER PRIMARY KEY,
            exercise TEXT NOT NULL,
            file TEXT NOT NULL,
            status TEXT NOT NULL,
            passed INTEGER NOT NULL,
            total INTEGER NOT NULL,
            failed_tests TEXT NOT NULL,
            duration_ms INTEGER NOT NULL,
            checked_at REAL NOT NULL
        );
        CREATE INDEX hint_by_lesson ON hint (lesson);
        CREATE INDEX quiz_attempt_by_quiz ON quiz_attempt (quiz);
        CREATE INDEX check_attempt_by_exercise ON check_attempt (exercise);
        """,
        // Version 2: the shuffle seed of each attempt, and the Leitner cards of `quiz review`,
        // started from the questions whose latest answer was not fully right.
        """
        ALTER TABLE quiz_attempt ADD COLUMN shuffle_seed INTEGER;
        CREATE TABLE review_card (
            quiz TEXT NOT NULL,
            question TEXT NOT NULL,
            box INTEGER NOT NULL,
            due_at REAL NOT NULL,
            answered_at REAL NOT NULL,
            PRIMARY KEY (quiz, question)
        );
        INSERT INTO review_card (quiz, question, box, due_at, answered_at)
        SELECT quiz, question, 1, finished_at, finished_at FROM (
            SELECT attempt.quiz, answer.question, answer.credit, attempt.finished_at,
                   ROW_NUMBER() OVER (PARTITION BY attempt.quiz, answer.question
                                      ORDER BY attempt.finished_at DESC, attempt.id DESC) AS latest
            FROM quiz_answer AS answer JOIN quiz_attempt AS attempt ON attempt.id = answer.attempt_id
        ) WHERE latest = 1 AND credit < 0.999999999;
        """,
    ])
}
