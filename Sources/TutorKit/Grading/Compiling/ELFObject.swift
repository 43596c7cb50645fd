import Foundation

/// The section table of a 64-bit little-endian ELF object, which is all the grader reads of
/// the objects it compiles: the libraries a submission asks for (``AutolinkEntries``) and
/// whether it holds code that would run as it is loaded (``startupSections``).
struct ELFObject {
    /// Why an object could not be read.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// One section: its name, where its bytes are, and for a symbol or relocation table the
    /// section it links to (`sh_link`) and applies to (`sh_info`).
    struct Section {
        var name: String
        var offset: Int
        var size: Int
        var type = 0
        var link = 0
        var info = 0
    }

    /// One entry of the symbol table: its name, kind (`STT_FUNC`, `STT_SECTION`, …), the
    /// section it is defined in and its offset there.
    struct Symbol: Equatable {
        var name: String
        var kind: Int
        var section: Int
        var value: Int
    }

    let bytes: [UInt8]
    let sections: [Section]

    static let symbolTableType = 2, relocationsWithAddendsType = 4, extendedSectionIndexType = 18
    /// `SHN_XINDEX`: the real number is elsewhere (section 0's `sh_size` or `sh_link` for the
    /// header's counts, the `SHT_SYMTAB_SHNDX` table for a symbol). Objects of more than
    /// 65,279 sections use it, and a file of many small declarations makes one.
    static let extendedIndex = 0xFFFF
    static let functionKind = 2, sectionKind = 3

    /// The constructor ThreadSanitizer's instrumentation adds to every object it instruments
    /// (it only calls `__tsan_init`), the one function an `.init_array` may name. Its name is
    /// not a Swift identifier, and the audit refuses every attribute that names raw symbols,
    /// so no learner's code can be called that.
    static let sanitizerConstructor = "tsan.module_ctor"
    static let sanitizerInitializer = "__tsan_init"

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
        var count = try Self.integer(bytes, at: 0x3C, width: 2)
        var namesIndex = try Self.integer(bytes, at: 0x3E, width: 2)
        func header(_ index: Int) throws(Unreadable) -> Section {
            let start = sectionTable + index * entrySize
            return Section(
                name: "", offset: try Self.integer(bytes, at: start + 0x18, width: 8), size: try Self.integer(bytes, at: start + 0x20, width: 8),
                type: try Self.integer(bytes, at: start + 4, width: 4), link: try Self.integer(bytes, at: start + 0x28, width: 4),
                info: try Self.integer(bytes, at: start + 0x2C, width: 4))
        }
        guard entrySize >= 0x40 else { throw Unreadable(description: "its section headers are \(entrySize) bytes, not 64") }
        if count == 0 || namesIndex == Self.extendedIndex {
            let first = try header(0)
            if count == 0 { count = first.size }
            if namesIndex == Self.extendedIndex { namesIndex = first.link }
        }
        guard count <= (bytes.count - sectionTable) / entrySize else { throw Unreadable(description: "its section table runs past the end of the file") }
        guard namesIndex < count else { throw Unreadable(description: "its section-name table is out of range") }
        let names = try header(namesIndex)
        var sections: [Section] = []
        for index in 0..<count {
            var section = try header(index)
            section.name = try Self.string(bytes, at: names.offset + Self.integer(bytes, at: sectionTable + index * entrySize, width: 4))
            sections.append(section)
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

    /// The startup sections that are not exactly ThreadSanitizer's own: every startup
    /// section but an `.init_array` (or numbered part) each of whose entries is relocated to
    /// ``sanitizerConstructor``, a function in a section of its own that calls nothing but
    /// ``sanitizerInitializer``. An object compiled without the sanitizer has none of those,
    /// so this is ``startupSections`` for it.
    func startupSectionsBesidesSanitizer() throws(Unreadable) -> [String] {
        var refused: [String] = []
        let startup = Set(startupSections)
        for (index, section) in sections.enumerated() where startup.contains(section.name) {
            let isArray = section.name == ".init_array" || section.name.hasPrefix(".init_array.")
            let sanitizerOnly = isArray ? try callsOnlySanitizerConstructor(arrayIndex: index) : false
            if !sanitizerOnly { refused.append(section.name) }
        }
        return refused
    }

    /// Whether the array section at `arrayIndex` is all relocated slots (no pointer written
    /// into the bytes themselves), each to ``sanitizerConstructor``.
    private func callsOnlySanitizerConstructor(arrayIndex: Int) throws(Unreadable) -> Bool {
        let array = sections[arrayIndex]
        guard array.size > 0, array.size % 8 == 0, try slice(array).allSatisfy({ $0 == 0 }) else { return false }
        let relocations = try self.relocations(applyingTo: arrayIndex)
        let slots = Set(relocations.map(\.offset))
        guard relocations.count == array.size / 8, slots == Set(stride(from: 0, to: array.size, by: 8)) else { return false }
        for relocation in relocations {
            // A plain 64-bit address: R_X86_64_64 (1) or R_AARCH64_ABS64 (257).
            guard relocation.type == 1 || relocation.type == 257,
                  let target = relocation.target, target.name == Self.sanitizerConstructor, target.kind == Self.functionKind,
                  target.section > 0, target.section < sections.count,
                  sections[target.section].name == ".text." + Self.sanitizerConstructor
            else { return false }
            // The constructor's own section calls one function: the sanitizer's initialiser.
            let calls = try self.relocations(applyingTo: target.section)
            guard !calls.isEmpty, calls.allSatisfy({ $0.symbol?.name == Self.sanitizerInitializer && $0.symbol?.section == 0 }) else { return false }
        }
        return true
    }

    /// One relocation: the slot it fills, its type, the symbol it names and, when that is a
    /// section's symbol, the function defined at its addend in that section.
    struct Relocation {
        var offset: Int
        var type: Int
        var symbol: Symbol?
        var target: Symbol?
    }

    /// The `SHT_RELA` entries that apply to section `index` (its `.rela` section's `sh_info`).
    func relocations(applyingTo index: Int) throws(Unreadable) -> [Relocation] {
        var found: [Relocation] = []
        for table in sections where table.type == Self.relocationsWithAddendsType && table.info == index {
            guard table.link > 0, table.link < sections.count else { throw Unreadable(description: "a relocation table names no symbol table") }
            let symbols = try self.symbols(in: table.link)
            let entries = try slice(table)
            guard entries.count % 24 == 0 else { throw Unreadable(description: "a relocation table is not whole entries") }
            for start in stride(from: entries.startIndex, to: entries.endIndex, by: 24) {
                let information = try Self.integer(bytes, at: start + 8, width: 8)
                let addend = try Self.integer(bytes, at: start + 16, width: 8)
                let symbolIndex = information >> 32
                let symbol = symbolIndex < symbols.count ? symbols[symbolIndex] : nil
                var target = symbol
                if let symbol, symbol.kind == Self.sectionKind {
                    target = symbols.first { $0.kind == Self.functionKind && $0.section == symbol.section && $0.value == addend }
                }
                found.append(Relocation(offset: try Self.integer(bytes, at: start, width: 8), type: information & 0xFFFF_FFFF, symbol: symbol, target: target))
            }
        }
        return found
    }

    /// The entries of the symbol table at section `index`, named from its string table.
    func symbols(in index: Int) throws(Unreadable) -> [Symbol] {
        let table = sections[index]
        guard table.type == Self.symbolTableType, table.link > 0, table.link < sections.count else {
            throw Unreadable(description: "a relocation table's symbol table is not one")
        }
        let names = sections[table.link]
        let entries = try slice(table)
        guard entries.count % 24 == 0 else { throw Unreadable(description: "the symbol table is not whole entries") }
        // Where a symbol's section number is SHN_XINDEX, the real one, 4 bytes a symbol.
        let extended = try sections.first { $0.type == Self.extendedSectionIndexType && $0.link == index }.map(slice)
        var symbols: [Symbol] = []
        for (number, start) in stride(from: entries.startIndex, to: entries.endIndex, by: 24).enumerated() {
            let name = try Self.integer(bytes, at: start, width: 4)
            guard name < max(names.size, 1) else { throw Unreadable(description: "a symbol's name lies outside its string table") }
            var section = try Self.integer(bytes, at: start + 6, width: 2)
            if section == Self.extendedIndex {
                guard let extended, extended.count >= (number + 1) * 4 else { throw Unreadable(description: "a symbol's section number is missing from its extended table") }
                section = try Self.integer(bytes, at: extended.startIndex + number * 4, width: 4)
            }
            symbols.append(Symbol(
                name: try Self.string(bytes, at: names.offset + name), kind: Int(bytes[start + 4] & 0xF),
                section: section, value: try Self.integer(bytes, at: start + 8, width: 8)))
        }
        return symbols
    }

    private func slice(_ section: Section) throws(Unreadable) -> ArraySlice<UInt8> {
        guard section.offset >= 0, section.size >= 0, section.offset + section.size <= bytes.count else {
            throw Unreadable(description: "its \(section.name) section runs past the end of the file")
        }
        return bytes[section.offset..<(section.offset + section.size)]
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
