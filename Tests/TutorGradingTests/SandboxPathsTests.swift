import Foundation
import Testing
@testable import TutorGrading

@Suite struct SandboxPathsTests {
    @Test func readsEveryLibraryOfTheLoadersReport() {
        let report = """
        \tlinux-vdso.so.1 (0x00007ffd)
        \tlibswiftCore.so => /opt/swift/usr/lib/swift/linux/libswiftCore.so (0x00007f72)
        \tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f72)
        \t/lib64/ld-linux-x86-64.so.2 (0x00007f72)
        \tlibmissing.so => not found
        """
        #expect(SandboxPaths.libraries(inLoaderReport: report) == [
            "/opt/swift/usr/lib/swift/linux/libswiftCore.so", "/lib/x86_64-linux-gnu/libc.so.6", "/lib64/ld-linux-x86-64.so.2",
        ])
    }

    @Test func normalisesPathsWithoutFollowingLinks() {
        #expect(SandboxPaths.lexicallyNormal("/usr/lib64/../lib/./x86_64-linux-gnu//ld.so") == "/usr/lib/x86_64-linux-gnu/ld.so")
        #expect(SandboxPaths.lexicallyNormal("/..") == "/")
    }

    @Test func recreatesTheLinksOnTheWayToEachLibrary() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-paths-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/usr/lib/arch", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/usr/lib64", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: root + "/usr/lib/arch/ld.so"))
        try manager.createSymbolicLink(atPath: root + "/lib64", withDestinationPath: "usr/lib64")
        try manager.createSymbolicLink(atPath: root + "/usr/lib64/ld.so", withDestinationPath: root + "/usr/lib/arch/ld.so")

        let paths = SandboxPaths(libraries: [root + "/lib64/ld.so"])
        #expect(paths.directories == [root + "/usr/lib/arch"])
        #expect(paths.links.map(\.path) == [root + "/lib64", root + "/usr/lib64/ld.so"])
        #expect(paths.links.first?.target == "usr/lib64")
    }

    @Test func isolationNamesWhatIsMissing() {
        let report = IsolationReport(mechanism: .none, user: false, pid: false, network: true, mount: false, code: true, noexec: false)
        #expect(!report.isComplete)
        #expect(report.missingLayers == ["user", "pid", "filesystem", "noexec"])
    }
}
