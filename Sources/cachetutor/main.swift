import Foundation
import TutorCommands

let context = CommandContext(
    console: .standard(),
    environment: ProcessInfo.processInfo.environment,
    workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
)
exit(Cachetutor.main(Array(CommandLine.arguments.dropFirst()), context: context).rawValue)
