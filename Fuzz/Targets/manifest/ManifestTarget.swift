import TutorGrading

/// `exercise.toml`: an error names the file, a line of it when it names one, and reads as
/// one clean line with exit status 65; what parses keeps its limits within the documented
/// ranges; and the same file saved with CRLF line ends reads the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let text = FuzzInput.text(FuzzInput.bytes(start, count))
    let path = "Exercises/Fuzz/exercise.toml"
    let outcome = read(text, path: path)
    switch outcome {
    case let .success(manifest):
        FuzzCheck.expect(ExerciseManifest.languageModes.contains(manifest.swiftLanguageMode), "language mode \(manifest.swiftLanguageMode) accepted")
        for seconds in [manifest.wallClockSeconds, manifest.cpuSeconds].compactMap({ $0 }) {
            FuzzCheck.expect((1 ... 60).contains(seconds), "a limit of \(seconds) s accepted")
        }
    case let .failure(error):
        guard case let .badManifest(errorPath, line, _) = error else {
            FuzzCheck.expect(false, "an error other than a bad manifest: \(error.message)")
            return 0
        }
        FuzzCheck.expect(errorPath == path, "the error names \(errorPath)")
        FuzzCheck.expect(error.exitCode == .dataError, "exit status \(error.exitCode) for a bad manifest")
        FuzzCheck.cleanMessage(error.message, from: "exercise.toml")
        FuzzCheck.lineExists(line, in: text, message: error.message)
    }
    let crlf = read(FuzzCheck.withCRLF(text), path: path)
    FuzzCheck.expect(crlf == outcome, "the CRLF copy reads otherwise: \(crlf) vs \(outcome)")
    return 0
}

private func read(_ text: String, path: String) -> Result<ExerciseManifest, ExerciseError> {
    do {
        return .success(try ExerciseManifest(parsing: text, path: path))
    } catch {
        return .failure(error)
    }
}
