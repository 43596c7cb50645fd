import Testing
@testable import TutorGrading

/// Reading the `-l` entries out of an object's ELF section table.
@Suite struct AutolinkEntriesTests {
    /// A 64-bit little-endian ELF object with a section-name table and, when given, an
    /// autolink section holding `entries`.
    static func object(entries: [String]?) -> [UInt8] {
        object(sections: entries.map { [(AutolinkEntries.sectionName, $0.flatMap { entry -> [UInt8] in Array(entry.utf8) + [0] })] } ?? [])
    }

    /// A 64-bit little-endian ELF object with a section-name table and `sections`, in order.
    /// With `extendedNumbering`, the header's section count and name-table index are
    /// `0` and `SHN_XINDEX`, and section 0 holds them, as in an object of more than 65,279
    /// sections.
    static func object(sections extra: [(name: String, payload: [UInt8])], extendedNumbering: Bool = false) -> [UInt8] {
        func little(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var names: [UInt8] = [0] + Array(".shstrtab".utf8) + [0]
        var nameOffsets: [Int] = []
        for section in extra {
            nameOffsets.append(names.count)
            names += Array(section.name.utf8) + [0]
        }
        let payload = extra.flatMap(\.payload)
        let namesOffset = 64, table = 64 + names.count + payload.count
        var sections: [(name: Int, offset: Int, size: Int, link: Int)] = [(0, 0, 0, 0), (1, namesOffset, names.count, 0)]
        var offset = 64 + names.count
        for (index, section) in extra.enumerated() {
            sections.append((nameOffsets[index], offset, section.payload.count, 0))
            offset += section.payload.count
        }
        let count = sections.count
        if extendedNumbering { sections[0] = (0, 0, count, 1) }
        var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1]
        bytes += [UInt8](repeating: 0, count: 9)
        let fields: [(Int, Int)] = [(1, 2), (62, 2), (1, 4), (0, 8), (0, 8), (table, 8), (0, 4), (64, 2), (0, 2), (0, 2), (64, 2),
                                    (extendedNumbering ? 0 : count, 2), (extendedNumbering ? 0xFFFF : 1, 2)]
        for (value, width) in fields { bytes += little(value, width) }
        bytes += names
        bytes += payload
        for section in sections {
            let words: [(Int, Int)] = [(section.name, 4), (1, 4), (0, 8), (0, 8), (section.offset, 8), (section.size, 8), (section.link, 8), (0, 8), (0, 8)]
            for (value, width) in words { bytes += little(value, width) }
        }
        return bytes
    }

    @Test func readsTheEntriesInOrder() throws {
        let entries = ["-lswiftCore", "-lFoundation", "-lFoundationNetworking"]
        #expect(try AutolinkEntries.read(Self.object(entries: entries)) == entries)
    }

    @Test func anObjectOfTooManySectionsForItsHeaderIsReadWhole() throws {
        // Found by the red team: 17,000 one-line properties compile to 68,098 sections, and
        // the grader's reader, which knew only the header's 16-bit count, failed as a fault
        // of its own.
        let entries = ["-lswiftCore", "-lFoundation"]
        let bytes = Self.object(sections: [(AutolinkEntries.sectionName, entries.flatMap { Array($0.utf8) + [0] }), (".init_array", [])], extendedNumbering: true)
        #expect(try AutolinkEntries.read(bytes) == entries)
        #expect(try ELFObject(bytes).startupSections == [".init_array"])
    }

    @Test func anObjectWithoutTheSectionAsksForNothing() throws {
        #expect(try AutolinkEntries.read(Self.object(entries: nil)).isEmpty)
    }

    @Test func refusesWhatIsNotAnELFObjectOrIsCutShort() {
        #expect(throws: ELFObject.Unreadable.self) { try AutolinkEntries.read(Array("#!/bin/sh\necho hello\n".utf8) + Array(repeating: 0, count: 64)) }
        #expect(throws: ELFObject.Unreadable.self) { try AutolinkEntries.read(Array(Self.object(entries: ["-lm"]).prefix(80))) }
    }

    @Test func startupSectionsAreFoundAndOrdinaryOnesAreNot() throws {
        let plain = try ELFObject(Self.object(sections: [(".text", [0xC3]), (".data", [0]), ("swift5_typeref", [0]), (".init.text.fake", [])]))
        #expect(plain.startupSections.isEmpty)
        let constructed = try ELFObject(Self.object(sections: [(".text", [0xC3]), (".init_array", Array(repeating: 0, count: 8)), (".ctors.00001", []), (".fini_array", [])]))
        #expect(constructed.startupSections == [".init_array", ".ctors.00001", ".fini_array"])
    }
}
