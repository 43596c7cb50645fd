import Foundation

/// Follows a test's result channel while the test runs, for the wait its runner announced
/// last, and says when to look whether the process is stuck (see ``StallProbe``).
struct StallWatch {
    /// How often an announced wait is looked at.
    static let lookInterval: Duration = .milliseconds(100)

    /// The run's secret: records without it are ignored.
    let secret: String
    /// The thread of the open `waiting` record, as the test process numbers it.
    private(set) var waiter: Int32?
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
            case .waiting: waiter = record.thread
            case .waited, .result: waiter = nil
            case .constructed, .sandbox, .toolError: break
            }
        }
        consumed = end + 1
    }

    /// Whether a wait is open and was not looked at in the last ``lookInterval``; if so,
    /// counts this as a look.
    mutating func isLookDue(at now: ContinuousClock.Instant) -> Bool {
        guard waiter != nil else {
            lastLook = nil
            return false
        }
        if let lastLook, now - lastLook < Self.lookInterval { return false }
        lastLook = now
        return true
    }
}
