import Foundation

/// Decides, from a listing of a class folder, which file is each student's submission
/// and why everything else is skipped.
///
/// Two layouts are understood, and may be mixed: one Swift file per student
/// (`alice.swift`), or one folder per student holding the exercise file
/// (`alice/ThumbnailCache.swift`, as LMS and GitHub Classroom downloads look). In a
/// student folder the file named after the exercise wins; failing that, the only Swift
/// file; more than one candidate is never guessed at.
///
///     let found = SubmissionDiscovery(exercise: "ThumbnailCache").discover(listing, in: folder)
///     found.submissions.map(\.student)   // ["alice", "bob"]
///     found.skipped.map(\.reason)        // [.notSwift, .severalCandidates(["carol/A.swift", "carol/B.swift"])]
public struct SubmissionDiscovery: Sendable {
    /// What discovery found: submissions to grade and entries skipped, each sorted by name.
    public struct Result: Sendable, Equatable {
        /// One per student, sorted by student.
        public var submissions: [Submission]
        /// Every other entry, sorted by path.
        public var skipped: [SkippedEntry]
    }

    /// The largest submission graded, as `check` allows.
    public static let defaultSizeLimit = 256 * 1024

    /// The exercise whose file is looked for in student folders (`ThumbnailCache`).
    public var exercise: String
    /// The largest file graded, in bytes.
    public var sizeLimit: Int

    /// Discovery for `exercise`.
    public init(exercise: String, sizeLimit: Int = SubmissionDiscovery.defaultSizeLimit) {
        self.exercise = exercise
        self.sizeLimit = sizeLimit
    }

    /// Sorts the entries of the folder at `root` into submissions and skipped entries.
    public func discover(_ items: [ClassFolderItem], in root: URL) -> Result {
        var candidates: [(student: String, submission: Submission?, skipped: SkippedEntry?)] = []
        var skipped: [SkippedEntry] = []
        for item in items {
            if item.name.hasPrefix(".") {
                skipped.append(SkippedEntry(path: displayName(item), student: nil, reason: .hidden))
                continue
            }
            switch item.kind {
            case .other:
                skipped.append(SkippedEntry(path: item.name, student: nil, reason: .notRegularFile))
            case let .file(facts):
                guard isSwift(item.name) else {
                    skipped.append(SkippedEntry(path: item.name, student: nil, reason: .notSwift))
                    continue
                }
                let student = String(item.name.dropLast(".swift".count))
                candidates.append(judge(student: student, path: [item.name], facts: facts, root: root))
            case let .folder(children):
                candidates.append(judgeFolder(named: item.name, children: children, root: root))
            }
        }

        // A student with both `alice.swift` and `alice/` has two submissions: neither is guessed at.
        var submissions: [Submission] = []
        for (student, group) in Dictionary(grouping: candidates, by: \.student) {
            if group.count > 1 {
                let paths = group.map { $0.submission?.relativePath ?? $0.skipped?.path ?? student }.sorted()
                for path in paths {
                    skipped.append(SkippedEntry(path: path, student: student, reason: .severalCandidates(paths)))
                }
            } else if let submission = group[0].submission {
                submissions.append(submission)
            } else if let entry = group[0].skipped {
                skipped.append(entry)
            }
        }
        return Result(
            submissions: submissions.sorted { $0.student < $1.student },
            skipped: skipped.sorted { $0.path < $1.path }
        )
    }

    private func judgeFolder(named name: String, children: [ClassFolderItem], root: URL) -> (student: String, submission: Submission?, skipped: SkippedEntry?) {
        let swiftFiles = Self.swiftFiles(in: children, under: [name])
        let exerciseFile = exercise.lowercased() + ".swift"
        let named = swiftFiles.filter { $0.path.last?.lowercased() == exerciseFile }
        let chosen = named.isEmpty ? swiftFiles : named
        guard chosen.count == 1 else {
            let reason: SkipReason = chosen.isEmpty ? .noSwiftFile : .severalCandidates(chosen.map { $0.path.joined(separator: "/") }.sorted())
            return (name, nil, SkippedEntry(path: name + "/", student: name, reason: reason))
        }
        return judge(student: name, path: chosen[0].path, facts: chosen[0].facts, root: root)
    }

    private func judge(student: String, path: [String], facts: FileFacts, root: URL) -> (student: String, submission: Submission?, skipped: SkippedEntry?) {
        let relativePath = path.joined(separator: "/")
        let reason: SkipReason?
        if facts.size > sizeLimit {
            reason = .tooLarge(size: facts.size, limit: sizeLimit)
        } else {
            switch facts.content {
            case .empty: reason = .empty
            case .binary: reason = .binary
            case .text, .unread: reason = nil
            }
        }
        if let reason { return (student, nil, SkippedEntry(path: relativePath, student: student, reason: reason)) }
        let file = path.reduce(root) { $0.appendingPathComponent($1) }
        return (student, Submission(student: student, file: file, relativePath: relativePath), nil)
    }

    /// Swift files at any depth of a student folder, leaving out hidden entries (`.git/`, `.build/`).
    private static func swiftFiles(in items: [ClassFolderItem], under prefix: [String]) -> [(path: [String], facts: FileFacts)] {
        var found: [(path: [String], facts: FileFacts)] = []
        for item in items where !item.name.hasPrefix(".") {
            switch item.kind {
            case let .file(facts) where isSwift(item.name): found.append((prefix + [item.name], facts))
            case let .folder(children): found += swiftFiles(in: children, under: prefix + [item.name])
            default: break
            }
        }
        return found
    }

    private static func isSwift(_ name: String) -> Bool { name.lowercased().hasSuffix(".swift") && name.count > ".swift".count }
    private func isSwift(_ name: String) -> Bool { Self.isSwift(name) }

    private func displayName(_ item: ClassFolderItem) -> String {
        if case .folder = item.kind { return item.name + "/" }
        return item.name
    }
}
