@testable import TutorGrading

/// The result channel a test process writes, read with two different secrets: every line
/// is accounted for (taken or counted as forged), no line is taken under both secrets, and
/// a channel with no line that could carry a secret gives nothing at all, so no pass,
/// isolation report or tool fault can come from a record without the run's secret.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChannel(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let secrets = ["c7f3e2a9d1b04856", "0b9e41d27a6c35f8"]
    let reports = secrets.map { TestVerdict.parse(channel: bytes, secret: $0) }
    let lines = bytes.split(separator: UInt8(ascii: "\n")).count
    for report in reports {
        FuzzCheck.expect(report.forged >= 0 && report.forged <= lines, "\(report.forged) forged records of \(lines) lines")
    }
    let taken = reports.map { lines - $0.forged }
    FuzzCheck.expect(taken[0] + taken[1] <= lines, "\(taken) records taken under two secrets from \(lines) lines")
    // A record carries its secret as a JSON string; one written with escapes still holds a backslash.
    for (secret, report) in zip(secrets, reports) where !contains(bytes, Array(secret.utf8)) && !bytes.contains(UInt8(ascii: "\\")) {
        FuzzCheck.expect(report == TestVerdict.ChannelReport(forged: report.forged),
                         "a record without the secret \(secret) was taken: \(report)")
    }
    return 0
}

private func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= bytes.count else { return false }
    return (0 ... bytes.count - needle.count).contains { start in bytes[start ..< start + needle.count].elementsEqual(needle) }
}
