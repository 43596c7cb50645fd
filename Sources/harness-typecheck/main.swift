import Foundation
import TutorGrading

// Type-checks every exercise's harness (and the lesson-example program's) without building
// it, for the HarnessTypeCheck plugin: `swift build` runs it whenever the harness, the
// engine or an exercise changes, so a typo in a hidden test fails the build. It also builds
// the audit program into WORK_FOLDER, where a learner's first check copies it from rather
// than compiling SwiftSyntax's interfaces itself.
//
//     harness-typecheck PACKAGE_ROOT WORK_FOLDER OUTPUT_SWIFT_FILE

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: harness-typecheck PACKAGE_ROOT WORK_FOLDER OUTPUT_SWIFT_FILE\n".utf8))
    exit(64)
}
let root = URL(fileURLWithPath: arguments[1], isDirectory: true)
let work = URL(fileURLWithPath: arguments[2], isDirectory: true)
var environment = ProcessInfo.processInfo.environment
environment["CACHETUTOR_SOURCE_ROOT"] = root.path

/// Every folder holding exercises: the course's, and the programs `learn` runs.
let folders = [root.appendingPathComponent("Exercises"), root.appendingPathComponent("Sources/Harness/Programs")]
var checked: [String] = []
var failed = false
for folder in folders {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    for name in names where FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)/.grading").path) {
        do {
            let layout = try HarnessLayout.locate(exercise: name, exercisesFolder: folder, environment: environment)
            let builder = HarnessBuilder(layout: layout, toolchain: try Toolchain.locate(environment: environment),
                                         cacheRoot: work, runner: PosixProcessRunner(), environment: environment)
            try builder.typeCheck(in: work.appendingPathComponent(name, isDirectory: true))
            // The audit program is the same for every exercise; made here, a first check finds it.
            if checked.isEmpty { try builder.prepareAuditor() }
            checked.append(name)
        } catch let .harnessBuildFailed(step, log) {
            // The compiler's own `file:line:column: error:` lines, which the build shows at their place.
            let errors = log.split(separator: "\n").filter { $0.contains(": error:") }
            FileHandle.standardError.write(Data((errors.map(String.init) + ["\(name): the hidden tests do not type-check (\(step))"]).joined(separator: "\n").utf8 + [10]))
            failed = true
        } catch {
            FileHandle.standardError.write(Data("\(name): \(error.message)\n".utf8))
            failed = true
        }
    }
}
if failed { exit(1) }
let summary = "// Type-checked by harness-typecheck: \(checked.joined(separator: ", ")).\n"
try Data(summary.utf8).write(to: URL(fileURLWithPath: arguments[3]))
