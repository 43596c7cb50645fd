import Foundation

/// The libraries a compiled Swift object asks the linker for: the NUL-separated `-l` entries
/// of its `.swift1_autolink_entries` section, which the Swift driver would read with
/// `swift-autolink-extract`. Read here from the ELF section table, which costs a check
/// about 20 ms less than starting that program.
enum AutolinkEntries {
    /// Why an object's entries could not be read: the grader's fault, since it made the object.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static let sectionName = ".swift1_autolink_entries"

    /// The entries of the 64-bit little-endian ELF object `bytes`, in order; empty when it
    /// has no such section.
    static func read(_ bytes: [UInt8]) throws(Unreadable) -> [String] {
        guard bytes.count >= 64, bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), bytes[4] == 2, bytes[5] == 1 else {
            throw Unreadable(description: "not a 64-bit little-endian ELF object")
        }
        let sectionTable = try integer(bytes, at: 0x28, width: 8)
        let entrySize = try integer(bytes, at: 0x3A, width: 2)
        let count = try integer(bytes, at: 0x3C, width: 2)
        let namesIndex = try integer(bytes, at: 0x3E, width: 2)
        func header(_ index: Int) throws(Unreadable) -> (name: Int, offset: Int, size: Int) {
            let start = sectionTable + index * entrySize
            return (try integer(bytes, at: start, width: 4), try integer(bytes, at: start + 0x18, width: 8), try integer(bytes, at: start + 0x20, width: 8))
        }
        guard namesIndex < count else { throw Unreadable(description: "its section-name table is out of range") }
        let names = try header(namesIndex)
        for index in 0..<count {
            let section = try header(index)
            guard try string(bytes, at: names.offset + section.name) == sectionName else { continue }
            guard section.offset >= 0, section.size >= 0, section.offset + section.size <= bytes.count else {
                throw Unreadable(description: "its \(sectionName) section runs past the end of the file")
            }
            return bytes[section.offset..<(section.offset + section.size)]
                .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        }
        return []
    }

    /// The entries of the object file at `url`.
    static func read(contentsOf url: URL) throws(Unreadable) -> [String] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Unreadable(description: "\(url.path) cannot be read")
        }
        return try read([UInt8](data))
    }

    private static func integer(_ bytes: [UInt8], at offset: Int, width: Int) throws(Unreadable) -> Int {
        guard offset >= 0, offset + width <= bytes.count else { throw Unreadable(description: "a header field lies past the end of the file") }
        var value = 0
        for index in (0..<width).reversed() { value = value << 8 | Int(bytes[offset + index]) }
        return value
    }

    private static func string(_ bytes: [UInt8], at offset: Int) throws(Unreadable) -> String {
        guard offset >= 0, offset < bytes.count else { throw Unreadable(description: "a section name lies past the end of the file") }
        let end = bytes[offset...].firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }
}
