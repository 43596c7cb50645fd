import Foundation
import TutorGradebook

/// Deadlines and what moves them: the extensions file, `--due` times (`Timestamp`),
/// `--grace` lengths (`DurationText`), `--late-penalty` rules (`LatePolicy`) and
/// `--adjust` changes. Each reads the whole input; what reads prints back as text that
/// reads as the same value, and what is refused is refused with one clean line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeadlines(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let text = FuzzInput.text(FuzzInput.bytes(start, count))
    checkExtensions(text)
    checkTimestamp(text)
    checkDuration(text)
    checkPolicy(text)
    checkAdjustment(text)
    return 0
}

private func checkExtensions(_ text: String) {
    let outcome = extensions(in: text)
    if case let .success(found) = outcome {
        for entry in found { FuzzCheck.lineExists(entry.line, in: text, message: "the extension of \(entry.student)") }
        var stored: [String: Date] = [:]
        for entry in found { stored[entry.student] = entry.deadline }
        let written = Deadlines(extensions: stored).extensionsText
        let again = extensions(in: written).map { $0.map { "\($0.student) \(Timestamp.format($0.deadline))" } }
        FuzzCheck.expect(again == .success(stored.keys.sorted().map { "\($0) \(Timestamp.format(stored[$0]!))" }),
                         "the stored extensions \(written.debugDescription) read otherwise: \(again)")
    }
    let crlf = extensions(in: FuzzCheck.withCRLF(text))
    FuzzCheck.expect(gist(crlf) == gist(outcome), "the CRLF copy reads otherwise: \(gist(crlf)) vs \(gist(outcome))")
}

private func extensions(in text: String) -> Result<[(student: String, deadline: Date, line: Int)], GradebookError> {
    do {
        return .success(try Deadlines.parseExtensions(text, file: "extensions.txt"))
    } catch let error as GradebookError {
        guard case let .badInputFile(file, line, _) = error else {
            FuzzCheck.expect(false, "an error other than a bad input file: \(error.message)")
            return .failure(error)
        }
        FuzzCheck.expect(file == "extensions.txt", "the error names \(file)")
        FuzzCheck.expect(error.exitCode == .dataError, "exit status \(error.exitCode) for a bad extensions file")
        FuzzCheck.cleanMessage(error.message, from: "extensions")
        FuzzCheck.lineExists(line, in: text, message: error.message)
        return .failure(error)
    } catch {
        FuzzCheck.expect(false, "an error of another type: \(error)")
        return .failure(.unreadable("extensions.txt"))
    }
}

/// The extensions read, or the line refused.
private func gist(_ outcome: Result<[(student: String, deadline: Date, line: Int)], GradebookError>) -> String {
    switch outcome {
    case let .success(found): found.map { "\($0.line) \($0.student) \($0.deadline.timeIntervalSince1970)" }.joined(separator: "\n")
    case let .failure(.badInputFile(_, line, _)): "refused at line \(line)"
    case let .failure(error): error.message
    }
}

private func checkTimestamp(_ text: String) {
    guard let date = Timestamp.parse(text) else { return }
    let written = Timestamp.format(date)
    let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    FuzzCheck.expect(Timestamp.parse(written) == whole, "\(text.debugDescription) reads as \(date.timeIntervalSince1970), written \(written), which reads otherwise")
    _ = Timestamp.readable(date)
}

private func checkDuration(_ text: String) {
    guard let seconds = DurationText.parse(text) else { return }
    FuzzCheck.expect(seconds >= 0 && seconds.isFinite, "\(text.debugDescription) reads as \(seconds) s")
    let written = DurationText.format(seconds)
    guard let again = DurationText.parse(written) else {
        FuzzCheck.expect(false, "\(seconds) s is written \(written.debugDescription), which does not read")
        return
    }
    // The written form is rounded up to the second, then down to the minute past one minute.
    FuzzCheck.expect(abs(again - seconds) <= 61 || abs(again - seconds) <= seconds * 1e-9,
                     "\(seconds) s is written \(written.debugDescription), which reads as \(again) s")
}

private func checkPolicy(_ text: String) {
    do {
        let policy = try LatePolicy.parse(text)
        let again = try? LatePolicy.parse(policy.description)
        FuzzCheck.expect(again == policy, "\(text.debugDescription) reads as \(policy), which reads back as \(String(describing: again))")
        let penalty = policy.penalty(raw: 7, maxPoints: 10, lateBy: 90_000)
        FuzzCheck.expect(penalty >= 0 && penalty <= 7, "a penalty of \(penalty) on 7 points")
    } catch let error as GradebookError {
        FuzzCheck.expect(error.exitCode == .usage, "exit status \(error.exitCode) for a bad --late-penalty")
        FuzzCheck.cleanMessage(error.message, from: "late-penalty")
    } catch {
        FuzzCheck.expect(false, "an error of another type: \(error)")
    }
}

private func checkAdjustment(_ text: String) {
    do {
        let (student, points) = try Adjustment.parse(text)
        FuzzCheck.expect(!student.isEmpty && points.isFinite && points != 0, "\(text.debugDescription) reads as \(student) \(points)")
    } catch let error as GradebookError {
        FuzzCheck.expect(error.exitCode == .usage, "exit status \(error.exitCode) for a bad --adjust")
        FuzzCheck.cleanMessage(error.message, from: "adjust")
    } catch {
        FuzzCheck.expect(false, "an error of another type: \(error)")
    }
}
