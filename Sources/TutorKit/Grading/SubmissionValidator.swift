import Foundation

/// Decides whether a submission's bytes are Swift source worth compiling.
///
/// Pure: the caller reads the file (see ``SubmissionReader``); the grader then compiles
/// exactly the bytes that were validated, never the file a second time.
public enum SubmissionValidator {
    /// The largest file accepted: far beyond any honest solution, small enough to compile fast.
    public static let maximumBytes = 256 * 1024

    /// The text of `bytes`, or the reason it is not Swift text; `file` names it in messages.
    public static func validate(_ bytes: [UInt8], file: String) throws(SubmissionError) -> String {
        guard !bytes.isEmpty else { throw .empty(file: file) }
        guard bytes.count <= maximumBytes else { throw .tooLarge(file: file, bytes: bytes.count, limit: maximumBytes) }
        guard !bytes.contains(0) else { throw .binary(file: file) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .notUTF8(file: file, line: lineOfFirstInvalidByte(in: bytes))
        }
        return text
    }

    /// The 1-based line holding the first byte that breaks UTF-8.
    static func lineOfFirstInvalidByte(in bytes: [UInt8]) -> Int {
        var line = 1
        var lineStart = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            if String(validating: bytes[lineStart..<index], as: UTF8.self) == nil { return line }
            line += 1
            lineStart = index + 1
        }
        return line
    }
}

/// Reads a submission from disk with the checks that need the file system.
public enum SubmissionReader {
    /// The validated text of the file at `url`; `displayPath` is how messages name it.
    public static func read(_ url: URL, displayPath: String) throws(SubmissionError) -> String {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missing(file: displayPath) }
            throw .unreadable(file: displayPath, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(file: displayPath) }
        guard status.st_size <= off_t(SubmissionValidator.maximumBytes) else {
            throw .tooLarge(file: displayPath, bytes: Int(status.st_size), limit: SubmissionValidator.maximumBytes)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: displayPath, reason: (error as NSError).localizedDescription)
        }
        return try SubmissionValidator.validate([UInt8](data), file: displayPath)
    }
}
