import CodeLock
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The private channel results travel on: ``ChannelDescriptor/results``, written only by harness code,
/// each record carrying the run's secret so that nothing a submission writes can pass for one.
///
/// The secret arrives on ``ChannelDescriptor/secret`` and is read before the submission is loaded.
/// The submission runs in this process and may come to know the secret (a record it diverted,
/// a byte read out of bounds), so the secret is not what keeps its records out: the gate is.
/// Once the submission is loaded, only the gate's one instruction may write on the channel
/// and nothing may copy its descriptor (see `CodeLock.Gate`), so knowing the secret gives the
/// submission no way to send a record.
struct ResultChannel {
    /// One record: JSON on one line (`ChannelRecord` is the contract's, shared with the grader).
    typealias Record = ChannelRecord<Isolation>

    private let nonce: String

    /// This process's channel once ``open()`` has run, for harness code that reports while
    /// a test runs (``BoundedWait``).
    static let current = Mutex<ResultChannel?>(nil)

    /// Reads the secret (one line) from ``ChannelDescriptor/secret``, closes it, and makes the channel ``current``.
    static func open() -> ResultChannel {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        var waited = 0
        while bytes.count < 256 {
            let count = read(ChannelDescriptor.secret, &byte, 1)
            if count == 1 {
                if byte == UInt8(ascii: "\n") { break }
                bytes.append(byte)
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN && waited < 2000 {
                // Defensive: the grader hands over a blocking descriptor.
                waited += 1
                usleep(1000)
            } else {
                break
            }
        }
        close(ChannelDescriptor.secret)
        let channel = ResultChannel(nonce: String(decoding: bytes, as: UTF8.self))
        current.withLock { $0 = channel }
        return channel
    }

    func reportResult(test: String, passed: Bool, message: String?) {
        send(Record(nonce: nonce, kind: .result, test: test, status: passed ? "pass" : "fail", message: message))
    }

    func reportConstructed() {
        send(Record(nonce: nonce, kind: .constructed))
    }

    func reportSandbox(_ isolation: Isolation) {
        send(Record(nonce: nonce, kind: .sandbox, isolation: isolation))
    }

    /// Something the runner itself could not do: the grader's fault, never the learner's.
    func reportToolError(_ message: String) {
        send(Record(nonce: nonce, kind: .toolError, message: message))
    }

    /// The calling thread now waits until a deadline, in wait `number` (see ``BoundedWait``).
    func reportWaiting(number: Int) {
        send(Record(nonce: nonce, kind: .waiting, thread: linuxThreadID(), wait: number))
    }

    /// Wait `number` is over.
    func reportWaited(number: Int) {
        send(Record(nonce: nonce, kind: .waited, wait: number))
    }

    /// Hands the race notice its record for `test`, for the sanitizer's report hook and the
    /// access check to send; see `RaceNotice.c`, which both runners carry.
    func prepareRaceNotice(test: String) {
        typealias Prepare = @convention(c) (Int32, UnsafePointer<UInt8>?, Int) -> Void
        guard let address = dlsym(nil, "cachetutor_prepare_race_notice"),
              var data = try? JSONEncoder().encode(Record(nonce: nonce, kind: .race, test: test))
        else { return }
        data.append(UInt8(ascii: "\n"))
        data.withUnsafeBytes { unsafeBitCast(address, to: Prepare.self)(ChannelDescriptor.results, $0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
    }

    /// Writes through the channel's gate (`ChannelGate.c`): once the submission is loaded,
    /// the seccomp filter lets no other instruction write on the channel.
    private func send(_ record: Record) {
        guard var data = try? JSONEncoder().encode(record) else { return }
        data.append(UInt8(ascii: "\n"))
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = channelWrite(ChannelDescriptor.results, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if written == -Int(EINTR) { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Where the kernel sees the gate's writes come from, for the filter (see `CodeLock.Gate`).
    static var gate: CodeLock.Gate {
        CodeLock.Gate(descriptor: UInt32(ChannelDescriptor.results), site: UInt64(channelGateAddress()))
    }
}

/// write(2) from the gate's one instruction: the count written, or minus `errno`.
@_silgen_name("cachetutor_channel_write")
private func channelWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ length: Int) -> Int

@_silgen_name("cachetutor_channel_gate_address")
private func channelGateAddress() -> UInt
