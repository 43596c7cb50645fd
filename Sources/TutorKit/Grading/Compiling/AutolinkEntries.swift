import Foundation

/// The libraries a compiled Swift object asks the linker for: the NUL-separated `-l` entries
/// of its `.swift1_autolink_entries` section, which the Swift driver would read with
/// `swift-autolink-extract`. Read here from the ELF section table, which costs a check
/// about 20 ms less than starting that program.
enum AutolinkEntries {
    static let sectionName = ".swift1_autolink_entries"

    /// The entries of `object`, in order; empty when it has no such section.
    static func read(_ object: ELFObject) throws(ELFObject.Unreadable) -> [String] {
        guard let entries = try object.contents(of: sectionName) else { return [] }
        return entries.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The entries of the 64-bit little-endian ELF object `bytes`.
    static func read(_ bytes: [UInt8]) throws(ELFObject.Unreadable) -> [String] {
        try read(ELFObject(bytes))
    }
}
