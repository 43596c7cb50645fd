import Foundation

/// The section table of a 64-bit little-endian ELF object, which is all the grader reads of
/// the objects it compiles: the libraries a submission asks for (``AutolinkEntries``) and
/// whether it holds code that would run as it is loaded (``startupSections``).
struct ELFObject {
    /// Why an object could not be read: the grader's fault, since it made the object.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// One section: its name and where its bytes are.
    struct Section {
        var name: String
        var offset: Int
        var size: Int
    }

    let bytes: [UInt8]
    let sections: [Section]

    /// Sections whose code, or pointers to code, the dynamic loader runs while it loads an
    /// object, before the runner calls anything in it and so before the seccomp filter is
    /// engaged: the arrays (and their numbered parts, `.init_array.00100`) and `.init`/`.fini`.
    static let startupArrays = [".init_array", ".preinit_array", ".fini_array", ".ctors", ".dtors"]
    static let startupFunctions = [".init", ".fini"]

    init(_ bytes: [UInt8]) throws(Unreadable) {
        guard bytes.count >= 64, bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), bytes[4] == 2, bytes[5] == 1 else {
            throw Unreadable(description: "not a 64-bit little-endian ELF object")
        }
        self.bytes = bytes
        let sectionTable = try Self.integer(bytes, at: 0x28, width: 8)
        let entrySize = try Self.integer(bytes, at: 0x3A, width: 2)
        let count = try Self.integer(bytes, at: 0x3C, width: 2)
        let namesIndex = try Self.integer(bytes, at: 0x3E, width: 2)
        func header(_ index: Int) throws(Unreadable) -> (name: Int, offset: Int, size: Int) {
            let start = sectionTable + index * entrySize
            return (try Self.integer(bytes, at: start, width: 4), try Self.integer(bytes, at: start + 0x18, width: 8), try Self.integer(bytes, at: start + 0x20, width: 8))
        }
        guard namesIndex < count else { throw Unreadable(description: "its section-name table is out of range") }
        let names = try header(namesIndex)
        var sections: [Section] = []
        for index in 0..<count {
            let section = try header(index)
            sections.append(Section(name: try Self.string(bytes, at: names.offset + section.name), offset: section.offset, size: section.size))
        }
        self.sections = sections
    }

    /// The object file at `url`.
    init(contentsOf url: URL) throws(Unreadable) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Unreadable(description: "\(url.path) cannot be read")
        }
        try self.init([UInt8](data))
    }

    /// The bytes of the first section called `name`, or nil when there is none.
    func contents(of name: String) throws(Unreadable) -> ArraySlice<UInt8>? {
        guard let section = sections.first(where: { $0.name == name }) else { return nil }
        guard section.offset >= 0, section.size >= 0, section.offset + section.size <= bytes.count else {
            throw Unreadable(description: "its \(name) section runs past the end of the file")
        }
        return bytes[section.offset..<(section.offset + section.size)]
    }

    /// The sections that hold code or pointers to code the loader runs at load time
    /// (`.init_array`, `.ctors`, …). The Swift compiler emits none for a learner's file;
    /// only attributes the audit refuses could make one.
    var startupSections: [String] {
        sections.map(\.name).filter { name in
            Self.startupFunctions.contains(name) || Self.startupArrays.contains { name == $0 || name.hasPrefix($0 + ".") }
        }
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
