import Testing
@testable import TutorGrading

/// Reading the `-l` entries out of an object's ELF section table.
@Suite struct AutolinkEntriesTests {
    /// A 64-bit little-endian ELF object with a section-name table and, when given, an
    /// autolink section holding `entries`.
    static func object(entries: [String]?) -> [UInt8] {
        func little(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var names: [UInt8] = [0] + Array(".shstrtab".utf8) + [0]
        let autolinkName = names.count
        names += Array(AutolinkEntries.sectionName.utf8) + [0]
        let payload: [UInt8] = (entries ?? []).flatMap { entry -> [UInt8] in Array(entry.utf8) + [0] }
        let namesOffset = 64, payloadOffset = 64 + names.count, table = 64 + names.count + payload.count
        var sections: [(name: Int, offset: Int, size: Int)] = [(0, 0, 0), (1, namesOffset, names.count)]
        if entries != nil { sections.append((autolinkName, payloadOffset, payload.count)) }
        var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1]
        bytes += [UInt8](repeating: 0, count: 9)
        let fields: [(Int, Int)] = [(1, 2), (62, 2), (1, 4), (0, 8), (0, 8), (table, 8), (0, 4), (64, 2), (0, 2), (0, 2), (64, 2), (sections.count, 2), (1, 2)]
        for (value, width) in fields { bytes += little(value, width) }
        bytes += names
        bytes += payload
        for section in sections {
            let words: [(Int, Int)] = [(section.name, 4), (1, 4), (0, 8), (0, 8), (section.offset, 8), (section.size, 8), (0, 8), (0, 8), (0, 8)]
            for (value, width) in words { bytes += little(value, width) }
        }
        return bytes
    }

    @Test func readsTheEntriesInOrder() throws {
        let entries = ["-lswiftCore", "-lFoundation", "-lFoundationNetworking"]
        #expect(try AutolinkEntries.read(Self.object(entries: entries)) == entries)
    }

    @Test func anObjectWithoutTheSectionAsksForNothing() throws {
        #expect(try AutolinkEntries.read(Self.object(entries: nil)).isEmpty)
    }

    @Test func refusesWhatIsNotAnELFObjectOrIsCutShort() {
        #expect(throws: ELFObject.Unreadable.self) { try AutolinkEntries.read(Array("#!/bin/sh\necho hello\n".utf8) + Array(repeating: 0, count: 64)) }
        #expect(throws: ELFObject.Unreadable.self) { try AutolinkEntries.read(Array(Self.object(entries: ["-lm"]).prefix(80))) }
    }
}
