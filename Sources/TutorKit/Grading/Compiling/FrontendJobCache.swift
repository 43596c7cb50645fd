import Foundation

/// The frontend jobs learned for one harness (see ``FrontendJob``), kept in its folder: each
/// driver command line, its workspace replaced by a token, maps to the job it starts.
///
/// A missing, unreadable or read-only file only costs the driver's time: the command line
/// is learned again, or the driver runs it.
struct FrontendJobCache {
    /// `frontend-jobs.json` in the harness's folder.
    var file: URL
    /// The driver that teaches the jobs, and runs any it could not teach.
    var swiftc: URL
    /// Runs the driver.
    var runner: any ProcessRunner
    /// The environment the driver and the frontend run with.
    var environment: [String: String]

    static let fileName = "frontend-jobs.json"

    /// The program and arguments that carry out `driverArguments` in `workspace`.
    func command(for driverArguments: [String], in workspace: URL) throws -> (executable: String, arguments: [String]) {
        let key = driverArguments.map { FrontendJob.tokenizing($0, workspace: workspace.path) }.joined(separator: "\u{0}")
        var jobs = stored()
        if let known = jobs[key] { return known.command(in: workspace.path) }
        let printed = try runner.run(ProcessRequest(
            executable: swiftc.path, arguments: driverArguments + ["-###"],
            environment: environment, workingDirectory: workspace.path, wallClockLimit: .seconds(60)
        ))
        guard printed.termination == .exited(0), let job = FrontendJob.parse(jobs: printed.outputText, workspace: workspace.path) else {
            return (swiftc.path, driverArguments)
        }
        jobs[key] = job
        if let data = try? JSONEncoder().encode(jobs) { try? data.write(to: file, options: .atomic) }
        return job.command(in: workspace.path)
    }

    private func stored() -> [String: FrontendJob] {
        guard let data = try? Data(contentsOf: file) else { return [:] }
        return (try? JSONDecoder().decode([String: FrontendJob].self, from: data)) ?? [:]
    }
}
