import Foundation
import TutorTerminal
#if canImport(Glibc)
import Glibc
#endif

/// What ends one wait of ``SaveWatcher/waitForSave()``.
enum WatchWake: Equatable {
    /// The file was saved (a burst of saves counts once).
    case saved
    /// Ctrl-C.
    case interrupted
    /// The learner pressed Enter (only when the watcher reads standard input).
    case enter
}

/// Waits for a file to be saved. One real implementation, ``InotifySaveWatcher``; tests
/// give the loop a scripted one.
protocol SaveWatcher: AnyObject {
    /// Blocks until the file is saved, Ctrl-C is pressed, or (if asked) Enter.
    func waitForSave() -> WatchWake
}

/// Watches a file's folder with inotify, so it sees every way an editor saves: writing in
/// place (`IN_CLOSE_WRITE`), writing a new file and renaming it over the old one
/// (`IN_MOVED_TO`), or deleting and creating it again (`IN_CREATE`). Events for other names
/// in the folder (swap files, backups) are ignored. A burst of events within
/// ``settleTime`` of each other is one save, so the check starts once the editor is done.
final class InotifySaveWatcher: SaveWatcher {
    /// How long the folder must stay quiet before a save counts.
    static let settleTime: Int32 = 60
    /// The longest a burst may delay the check.
    static let longestBurst = Duration.seconds(1)

    private let name: String
    private let inotify: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let readsEnter: Bool
    private let interrupts: any DispatchSourceSignal
    private let previousHandler: sighandler_t?

    /// Starts watching `file`; Ctrl-C wakes ``waitForSave()`` instead of ending the process.
    init(file: URL, readsEnter: Bool) throws(WatchError) {
        name = file.lastPathComponent
        self.readsEnter = readsEnter
        inotify = inotify_init1(Int32(IN_CLOEXEC))
        guard inotify >= 0 else { throw .cannotWatch(file.path, String(cString: strerror(errno))) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MODIFY)
        guard inotify_add_watch(inotify, file.deletingLastPathComponent().path, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(inotify)
            throw .cannotWatch(file.deletingLastPathComponent().path, reason)
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(inotify)
            throw .cannotWatch(file.path, String(cString: strerror(errno)))
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // Ctrl-C becomes a byte on the pipe, so the loop can finish the check it is in and
        // leave with that check's status.
        previousHandler = signal(SIGINT, SIG_IGN)
        interrupts = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let wake = wakeWrite
        interrupts.setEventHandler {
            var byte: UInt8 = 1
            _ = write(wake, &byte, 1)
        }
        interrupts.resume()
    }

    deinit {
        interrupts.cancel()
        signal(SIGINT, previousHandler)
        close(inotify)
        close(wakeRead)
        close(wakeWrite)
    }

    func waitForSave() -> WatchWake {
        var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        if readsEnter { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
        while true {
            for index in fds.indices { fds[index].revents = 0 }
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                if errno == EINTR { continue }
                return .interrupted
            }
            if fds[1].revents != 0 { return .interrupted }
            if readsEnter, fds[2].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 256)
                _ = read(0, &buffer, buffer.count)
                return .enter
            }
            if fds[0].revents != 0, readEvents().contains(name) {
                return settle()
            }
        }
    }

    /// Waits until the folder has been quiet for ``settleTime``; Ctrl-C still wins.
    private func settle() -> WatchWake {
        let deadline = ContinuousClock.now + Self.longestBurst
        var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        while ContinuousClock.now < deadline {
            for index in fds.indices { fds[index].revents = 0 }
            let ready = poll(&fds, nfds_t(fds.count), Self.settleTime)
            if ready == 0 { break }
            if ready < 0 && errno != EINTR { break }
            if fds[1].revents != 0 { return .interrupted }
            if fds[0].revents != 0 { _ = readEvents() }
        }
        return .saved
    }

    /// The names in the events waiting on the inotify descriptor.
    private func readEvents() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = read(inotify, &buffer, buffer.count)
        guard count > 0 else { return [] }
        return Self.names(inEvents: buffer.prefix(count))
    }

    /// Parses `struct inotify_event` records: wd, mask, cookie, len (four 32-bit words),
    /// then `len` bytes of NUL-padded name.
    static func names(inEvents bytes: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        var offset = bytes.startIndex
        while offset + 16 <= bytes.endIndex {
            let length = bytes[(offset + 12)..<(offset + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let start = offset + 16
            guard start + length <= bytes.endIndex else { break }
            let raw = bytes[start..<(start + length)].prefix { $0 != 0 }
            names.append(String(decoding: raw, as: UTF8.self))
            offset = start + length
        }
        return names
    }
}

/// Watching could not start.
enum WatchError: UserFacingError, Equatable {
    /// inotify refused the path (`reason` is the system's).
    case cannotWatch(String, String)

    var message: String {
        switch self {
        case let .cannotWatch(path, reason): "\(path): cannot watch for saves (\(reason))"
        }
    }

    var exitCode: ExitCode { .software }
}
