import Foundation

/// One entry of a ``Cache``'s event log (see ``Cache/enableEventLog(capacity:)``).
///
/// Events never retain keys or objects, so logging cannot keep an evicted object alive:
/// the key is described as text (an `NSString` key as its characters, an `NSNumber` as its
/// value, any other object as its type and address) and the object by its
/// `ObjectIdentifier`.
public struct CacheEvent: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// ``Cache/object(forKey:)`` found the object.
        case hit
        /// ``Cache/object(forKey:)`` found nothing.
        case miss
        /// A store under a new key.
        case insert
        /// A store that replaced the object of an existing key.
        case update
        /// A store refused under ``OversizeAdmission/reject``.
        case reject
        /// ``Cache/removeObject(forKey:)`` removed an entry.
        case remove
        /// ``Cache/removeAllObjects()`` emptied the cache; `cost` is the cost it held.
        case removeAll
        /// An entry was evicted.
        case evict(EvictionReason)
        /// ``Cache/simulateMemoryPressure(_:)`` was called; its evictions follow.
        case pressure(MemoryPressure)
    }

    /// Strictly increasing within one cache, starting at 1; never reused, not even after
    /// ``Cache/resetStatistics()``.
    public let sequence: UInt64
    /// What happened.
    public let kind: Kind
    /// The key as text, `nil` for events without a key.
    public let key: String?
    /// The identity of the object involved, `nil` for events without one.
    public let object: ObjectIdentifier?
    /// For stores the cost as passed by the caller; for removals and evictions the cost
    /// the entry held; for ``Kind/removeAll`` the total cost removed; otherwise 0.
    public let cost: Int

    /// Creates an event; the cache makes these, tests may too.
    public init(sequence: UInt64, kind: Kind, key: String?, object: ObjectIdentifier?, cost: Int) {
        self.sequence = sequence
        self.kind = kind
        self.key = key
        self.object = object
        self.cost = cost
    }

    /// One line such as `#12 insert "cat.png" cost 4096` or `#13 evict(cost) "dog.png" cost 1024`.
    public var description: String {
        var text = "#\(sequence) \(kind.label)"
        if let key { text += " \"\(key)\"" }
        switch kind {
        case .insert, .update, .reject, .remove, .removeAll, .evict: text += " cost \(cost)"
        case .hit, .miss, .pressure: break
        }
        return text
    }

    /// Describes `key` without calling code a learner may have written.
    static func describe(_ key: AnyObject) -> String {
        if let string = key as? NSString { return string as String }
        if let number = key as? NSNumber { return number.stringValue }
        return "\(type(of: key))@0x\(String(UInt(bitPattern: ObjectIdentifier(key)), radix: 16))"
    }
}

extension CacheEvent.Kind {
    /// The kind as one word: `hit`, `evict(cost)`, `pressure(critical)`.
    public var label: String {
        switch self {
        case .hit: "hit"
        case .miss: "miss"
        case .insert: "insert"
        case .update: "update"
        case .reject: "reject"
        case .remove: "remove"
        case .removeAll: "removeAll"
        case .evict(let reason): "evict(\(reason.rawValue))"
        case .pressure(let level): "pressure(\(level.rawValue))"
        }
    }
}
