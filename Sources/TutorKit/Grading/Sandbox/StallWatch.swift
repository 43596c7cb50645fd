import Foundation
import HarnessContract

/// Follows a test's result channel while the test runs, for the wait its runner announced
/// last, and says when to look whether that wait is stuck (see ``StallProbe``).
struct StallWatch {
    /// How often an announced wait is looked at.
    static let lookInterval: Duration = .milliseconds(100)

    /// An announced wait: its number in the test process, and the waiting thread's id
    /// there.
    struct Wait: Equatable {
        var number: Int
        var thread: Int32
    }

    /// The run's secret: records without it are ignored.
    let secret: String
    /// The wait announced last, while it lasts and until the runner is told it is stuck.
    private(set) var openWait: Wait?
    /// How many records carrying the secret have been read.
    private(set) var records = 0
    private var consumed = 0
    private var lastLook: ContinuousClock.Instant?

    init(secret: String) { self.secret = secret }

    /// Reads the complete lines of `channel` not read yet.
    mutating func observe(_ channel: [UInt8]) {
        guard let end = channel.lastIndex(of: UInt8(ascii: "\n")), end >= consumed else { return }
        for line in channel[consumed..<end].split(separator: UInt8(ascii: "\n")) {
            guard let record = try? JSONDecoder().decode(ChannelRecord<IsolationReport>.self, from: Data(line)), record.nonce == secret
            else { continue }
            records += 1
            switch record.kind {
            case .waiting:
                openWait = nil
                if let number = record.wait, let thread = record.thread { openWait = Wait(number: number, thread: thread) }
            case .waited, .result: openWait = nil
            case .constructed, .sandbox, .toolError, .race: break
            }
        }
        consumed = end + 1
    }

    /// The runner was told that wait `number` is stuck: nothing more to look at until the
    /// next one.
    mutating func told(_ number: Int) {
        if openWait?.number == number { openWait = nil }
    }

    /// One round of the process runner's pump: reads what the channel has carried, and
    /// when the wait announced last is stuck, returns its number for the runner to be told.
    /// Before it says so, `refresh` drains the channel once more: the runner is told only
    /// if the wait looked at is still the last thing it said.
    mutating func stuckWait(channel: [UInt8], child: pid_t, refresh: () -> [UInt8]) -> Int? {
        observe(channel)
        guard let wait = openWait, isLookDue(at: .now), StallProbe.isStuck(root: child, waiter: wait.thread) else { return nil }
        let said = records
        observe(refresh())
        guard records == said else { return nil }
        told(wait.number)
        return wait.number
    }

    /// Whether a wait is open and was not looked at in the last ``lookInterval``; if so,
    /// counts this as a look.
    mutating func isLookDue(at now: ContinuousClock.Instant) -> Bool {
        guard openWait != nil else {
            lastLook = nil
            return false
        }
        if let lastLook, now - lastLook < Self.lookInterval { return false }
        lastLook = now
        return true
    }
}
