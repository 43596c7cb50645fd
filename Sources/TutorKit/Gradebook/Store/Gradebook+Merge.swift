import Foundation
import TutorStorage

extension Gradebook {
    /// Merges the gradebooks at `files` into the one at `target` (see ``merge(_:)``).
    ///
    /// Every file is checked before `target` is opened, so a mistyped or unsuitable
    /// file leaves no new gradebook behind (nor a half-merged one).
    ///
    /// - Throws: ``GradebookError`` naming the first file that cannot be merged.
    public static func merge(_ files: [URL], into target: URL, warn: (String) -> Void = { _ in }) throws -> RecordedRun {
        // The files are read through a scratch gradebook: reading them needs a connection,
        // and opening `target` would create it.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-merge-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        _ = try Gradebook(url: scratch.appendingPathComponent("check.sqlite3")).shardRuns(files, into: target)
        return try Gradebook(url: target, warn: warn).merge(files)
    }

    /// Copies every attempt of the gradebooks at `files` into this one and records, as a
    /// finished run, the union of what each file's last finished run reported: for shards
    /// of one class, the report a single run over the whole class would have given.
    ///
    /// Merging is idempotent (rows are matched on their cache key), the files merged are
    /// only read, and every file must have graded the same exercise with the same harness,
    /// extra tests, weights and deadlines (which the merged gradebook keeps). All files are
    /// checked before anything is copied.
    ///
    /// - Throws: ``GradebookError`` naming the first file that is missing, not a gradebook,
    ///   holds no finished run, or was graded under another setup.
    @discardableResult
    public func merge(_ files: [URL]) throws -> RecordedRun {
        var merged: RecordedRun?
        var sources: [String] = []
        var deadlines = Deadlines()
        var inputs: ScoreInputs?
        for (file, shardRun) in zip(files, try shardRuns(files, into: url)) {
            let run = try withAttached(file) { schema in
                deadlines = try self.deadlines(of: shardRun.setup.exercise, schema: schema)
                if inputs == nil { inputs = try self.scoreInputs(of: shardRun.setup.exercise, schema: schema) }
                return try copyAttempts(from: schema, resolving: shardRun)
            }
            sources.append(file.lastPathComponent)
            if var soFar = merged {
                let students = Set(soFar.results.map(\.student))
                soFar.results += run.results.filter { !students.contains($0.student) }
                soFar.skipped += run.skipped.filter { entry in !soFar.skipped.contains(entry) }
                soFar.toolErrors += run.toolErrors
                soFar.timing.merge(run.timing) { first, _ in first }
                merged = soFar
            } else {
                merged = run
            }
        }
        guard var result = merged else { throw GradebookError.nothingToMerge("--merge") }
        // Shards of one grading share its deadlines (``shardRuns(_:into:)`` checked); the merged gradebook keeps them.
        if !deadlines.isEmpty { try setDeadlines(deadlines, of: result.setup.exercise, at: Date()) }
        // So are their score inputs (the same weights and tests, checked above), so a later
        // regrade of the merged class scores as the shards did.
        if let inputs, try scoreInputs(of: result.setup.exercise).map({ !$0.isRecorded(as: inputs) }) ?? true {
            try setScoreInputs(inputs, of: result.setup.exercise, at: inputs.setAt ?? Date())
        }
        result.source = "merge of " + sources.joined(separator: ", ")
        result.shard = "merged"
        result.id = try beginRun(source: result.source, shard: result.shard, setup: result.setup)
        try finishRun(result.id, results: result.results, skipped: result.skipped, toolErrors: result.toolErrors, timing: result.timing)
        for index in result.results.indices { result.results[index].fromCache = false }
        return result
    }

    /// The last finished run of each of `files`, checked for merging into `target`: each
    /// is readable, not `target` itself, a cachetutor gradebook with a finished run, and
    /// graded under the same setup and deadlines as the first. Only reads the files.
    func shardRuns(_ files: [URL], into target: URL) throws -> [RecordedRun] {
        var runs: [RecordedRun] = []
        var firstDeadlines: Deadlines?
        for file in files {
            // ATTACH creates a missing file, so a typo must be caught first.
            guard FileManager.default.isReadableFile(atPath: file.path) else { throw GradebookError.unreadable(file.path) }
            guard file.standardizedFileURL.path != target.standardizedFileURL.path else {
                throw GradebookError.badGradebook(file: file.path, problem: "is the gradebook being merged into; give a different --gradebook")
            }
            let (run, deadlines) = try withAttached(file) { schema -> (RecordedRun, Deadlines) in
                let applicationID = try database.query("PRAGMA \(schema).application_id") { $0.int(0) }.first ?? 0
                guard applicationID == Int(Self.applicationID) else {
                    throw GradebookError.badGradebook(file: file.path, problem: "is not a cachetutor gradebook")
                }
                guard let run = try lastFinishedRun(schema: schema) else { throw GradebookError.nothingToMerge(file.path) }
                return (run, try self.deadlines(of: run.setup.exercise, schema: schema))
            }
            if let first = runs.first, first.setup != run.setup {
                throw GradebookError.badGradebook(file: file.path, problem: "was graded with another exercise, harness, extra tests or weights than \(files[0].path); merge only shards of one grading")
            }
            if let first = firstDeadlines, first != deadlines {
                throw GradebookError.badGradebook(file: file.path, problem: "was graded with other deadlines than \(files[0].path); merge only shards of one grading")
            }
            firstDeadlines = firstDeadlines ?? deadlines
            runs.append(run)
        }
        return runs
    }

    /// Copies the attempts of the attached `schema` and points `run`'s results at this file's rows.
    private func copyAttempts(from schema: String, resolving run: RecordedRun) throws -> RecordedRun {
        let columns = "uid, student, file, file_hash, exercise, harness, extra_tests, weights, forced_by, status, score, max_score, passed, total, report, duration_ms, graded_at, run, rescored"
        return try database.transaction {
            try database.execute("INSERT OR IGNORE INTO main.attempt (\(columns)) SELECT \(columns) FROM \(schema).attempt ORDER BY id")
            // A row this gradebook already held under the same key keeps its own id.
            var resolved = run
            for index in resolved.results.indices {
                resolved.results[index].attemptID = try database.query("""
                    SELECT m.uid FROM main.attempt m JOIN \(schema).attempt s
                    USING (student, file, file_hash, exercise, harness, extra_tests, weights, forced_by) WHERE s.uid = ?
                    """, [.optionalText(resolved.results[index].attemptID)]) { $0.string(0) }.first
            }
            return resolved
        }
    }

    private func withAttached<T>(_ file: URL, _ body: (String) throws -> T) throws -> T {
        let schema = "shard"
        do {
            try database.execute("ATTACH DATABASE ? AS \(schema)", [.text(file.path)])
        } catch {
            throw GradebookError.badGradebook(file: file.path, problem: "cannot be opened as a gradebook")
        }
        defer { try? database.execute("DETACH DATABASE \(schema)") }
        do {
            return try body(schema)
        } catch let error as GradebookError {
            throw error
        } catch {
            throw GradebookError.badGradebook(file: file.path, problem: "cannot be read as a gradebook (\((error as? StorageError)?.message ?? "\(error)"))")
        }
    }
}
