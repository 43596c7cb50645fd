import TutorGradebook

/// Weights files: an error names a line of the file, reads as one clean line and exits
/// 65; weights that read give their canonical text, which reads back as the same weights;
/// every named test's line exists; a check against a list of tests names a line too; and
/// the same file saved with CRLF line ends reads the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWeights(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let text = FuzzInput.text(FuzzInput.bytes(start, count))
    let outcome = read(text)
    if case let .success(weights) = outcome {
        for line in weights.lines.values { FuzzCheck.lineExists(line, in: text, message: "a weight") }
        let again = read(weights.canonicalText)
        FuzzCheck.expect(gist(again) == weights.canonicalText, "the canonical text \(weights.canonicalText.debugDescription) reads otherwise")
        _ = weights.summary
        do {
            try weights.validate(against: ["cost_whole_sizes", "concurrent_access"], file: "weights.txt")
        } catch let error as GradebookError {
            FuzzCheck.cleanMessage(error.message, from: "weights check")
            if case let .unknownWeightedTest(_, line, _, _) = error { FuzzCheck.lineExists(line, in: text, message: error.message) }
        } catch {
            FuzzCheck.expect(false, "validate threw \(error)")
        }
    }
    let crlf = read(FuzzCheck.withCRLF(text))
    FuzzCheck.expect(gist(crlf) == gist(outcome), "the CRLF copy reads otherwise: \(gist(crlf)) vs \(gist(outcome))")
    return 0
}

private func read(_ text: String) -> Result<TestWeights, GradebookError> {
    do {
        return .success(try TestWeights.parse(text, file: "weights.txt"))
    } catch let error as GradebookError {
        guard case let .badWeights(file, line, _) = error else {
            FuzzCheck.expect(false, "an error other than bad weights: \(error.message)")
            return .failure(error)
        }
        FuzzCheck.expect(file == "weights.txt", "the error names \(file)")
        FuzzCheck.expect(error.exitCode == .dataError, "exit status \(error.exitCode) for bad weights")
        FuzzCheck.cleanMessage(error.message, from: "weights")
        FuzzCheck.lineExists(line, in: text, message: error.message)
        return .failure(error)
    } catch {
        FuzzCheck.expect(false, "an error of another type: \(error)")
        return .failure(.unreadable("weights.txt"))
    }
}

/// The weights' canonical text, or the line refused.
private func gist(_ outcome: Result<TestWeights, GradebookError>) -> String {
    switch outcome {
    case let .success(weights): weights.canonicalText
    case let .failure(.badWeights(_, line, _)): "refused at line \(line)"
    case let .failure(error): error.message
    }
}
