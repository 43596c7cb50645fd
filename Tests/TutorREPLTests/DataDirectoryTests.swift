import Foundation
import Testing
import TutorREPL

@Suite struct DataDirectoryTests {
    @Test func cachetutorHomeWins() {
        let env = ["CACHETUTOR_HOME": "/tmp/x", "XDG_DATA_HOME": "/tmp/y", "HOME": "/home/z"]
        #expect(DataDirectory.url(environment: env)?.path == "/tmp/x")
        #expect(DataDirectory.historyFile(environment: env)?.path == "/tmp/x/learn-history")
    }

    @Test func thenXDGThenHome() {
        #expect(DataDirectory.url(environment: ["XDG_DATA_HOME": "/tmp/y", "HOME": "/home/z"])?.path == "/tmp/y/cachetutor")
        #expect(DataDirectory.url(environment: ["HOME": "/home/z"])?.path == "/home/z/.local/share/cachetutor")
        #expect(DataDirectory.url(environment: [:]) == nil)
    }
}
