/// One entry of a class folder as the scanner found it: the facts discovery decides on.
///
/// A listing is a plain value so that ``SubmissionDiscovery`` is pure logic, tested
/// over hand-written listings; ``ClassFolderScanner`` builds one from the disk.
public struct ClassFolderItem: Sendable, Equatable {
    /// What kind of entry it is.
    public enum Kind: Sendable, Equatable {
        /// A regular file, with what a look at its bytes found.
        case file(FileFacts)
        /// A folder and the entries inside it.
        case folder([ClassFolderItem])
        /// Anything else: a symbolic link, a socket, a device.
        case other
    }

    /// The entry's own name (`alice.swift`).
    public var name: String
    /// What it is.
    public var kind: Kind

    /// A regular file of `size` bytes whose content reads as `content`.
    public static func file(_ name: String, size: Int = 100, content: FileContent = .text) -> ClassFolderItem {
        ClassFolderItem(name: name, kind: .file(FileFacts(size: size, content: content)))
    }

    /// A folder holding `items`.
    public static func folder(_ name: String, _ items: [ClassFolderItem]) -> ClassFolderItem {
        ClassFolderItem(name: name, kind: .folder(items))
    }
}

/// The size and a verdict on the bytes of one regular file.
public struct FileFacts: Sendable, Equatable {
    /// The size in bytes.
    public var size: Int
    /// What the bytes are; `.unread` for files discovery never needs to look inside.
    public var content: FileContent
}

/// What the bytes of a file turned out to be.
public enum FileContent: Sendable, Equatable {
    /// UTF-8 text with something besides white space in it.
    case text
    /// No bytes, or only white space.
    case empty
    /// NUL bytes or byte sequences that are not UTF-8.
    case binary
    /// Not looked at (not a Swift file, or over the size limit).
    case unread
}
