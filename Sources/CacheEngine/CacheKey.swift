import Foundation

/// A key prepared for lookup: the key object, its hash, and whether it compares by value.
///
/// `NSObject` keys compare by `isEqual(_:)` and hash by `hash`, as `NSCache` does on Apple
/// platforms; every other object compares by identity and hashes by its address (never a
/// constant). Built outside the cache's lock, because `hash` may run the key's own code,
/// and a plain struct, so preparing a key allocates nothing.
struct _CacheKey: @unchecked Sendable {
    let object: AnyObject
    /// The high 32 bits of the hash times 2^64/φ (Fibonacci hashing): well mixed even for
    /// sequential hashes such as `NSNumber`'s or addresses; picks the home bucket and
    /// filters probes before any key is compared.
    let tag: UInt32
    let comparesByValue: Bool

    init(_ object: AnyObject) {
        self.object = object
        let hash: Int
        if let value = object as? NSObject {
            hash = value.hash
            comparesByValue = true
        } else {
            hash = Int(bitPattern: ObjectIdentifier(object))
            comparesByValue = false
        }
        tag = UInt32(truncatingIfNeeded: (UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    /// Whether this key finds an entry stored under `stored`, whose tag is known to equal
    /// this key's (equal `NSObject`s have equal hashes, so only those need `isEqual`).
    @inline(__always)
    func matches(_ stored: AnyObject, byValue storedByValue: Bool) -> Bool {
        if stored === object { return true }
        guard comparesByValue, storedByValue else { return false }
        return unsafeDowncast(object, to: NSObject.self).isEqual(stored)
    }
}
