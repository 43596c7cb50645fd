import Foundation

/// One value the walk reached: what it holds, its path from the learner's object
/// (`loader.images`), and its depth (1 for the object's own properties; an optional's
/// payload keeps the depth of the optional).
struct StoredValue {
    let value: Any
    let path: String
    let depth: Int
}

/// The stored properties of a learner's object, and of what they hold, breadth first: how
/// the hidden tests find the `NSCache` a type keeps, whatever the property is called and
/// however it is wrapped. Lazy properties show by the names the learner wrote, optionals
/// are seen through, a superclass's properties count, and each object is opened once, so
/// cycles end.
enum PropertyWalk {
    /// What the walk does after a visit.
    enum Step {
        /// Looks inside the value, unless it is as deep as the walk goes or a leaf.
        case open
        /// Leaves the value's contents alone.
        case skip
        /// Ends the walk.
        case stop
    }

    /// Visits every stored value under `instance`, down to `depth` levels. `leaf` names
    /// values never opened (an image: its pixels are no place for a cache).
    static func walk(_ instance: AnyObject, depth limit: Int = 4, leaf: (Any) -> Bool = { _ in false },
                     _ visit: (StoredValue) throws -> Step) rethrows {
        var opened: Set<ObjectIdentifier> = [ObjectIdentifier(instance)]
        var pending = fields(of: instance).map { StoredValue(value: $0.value, path: $0.label, depth: 1) }
        var next = 0
        while next < pending.count {
            let stored = pending[next]
            next += 1
            switch try visit(stored) {
            case .stop: return
            case .skip: continue
            case .open: break
            }
            let mirror = Mirror(reflecting: stored.value)
            guard stored.depth < limit, !leaf(stored.value) else { continue }
            switch mirror.displayStyle {
            case .class:
                guard opened.insert(ObjectIdentifier(stored.value as AnyObject)).inserted else { continue }
            case .struct, .tuple, .enum, .optional:
                break
            default:
                continue
            }
            let optional = mirror.displayStyle == .optional
            for field in fields(of: stored.value) {
                pending.append(StoredValue(value: field.value, path: optional ? stored.path : "\(stored.path).\(field.label)",
                                           depth: optional ? stored.depth : stored.depth + 1))
            }
        }
    }

    /// What kind of `NSCache` a value is, when it is one the tests cannot use: Foundation's
    /// own (written `Foundation.NSCache`), or the course's engine with other types than the
    /// test needs.
    enum NearMiss {
        case foundation
        case otherTypes(typeName: String)
    }

    /// The near miss `value` is, or nil when it is no `NSCache` at all.
    static func nearMiss(_ value: Any) -> NearMiss? {
        let name = String(reflecting: type(of: value))
        if name.hasPrefix("Foundation.NSCache<") { return .foundation }
        if name.hasPrefix("CacheEngine.Cache<") { return .otherTypes(typeName: readableTypeName(of: value)) }
        return nil
    }

    /// The type as the learner wrote it: `NSCache<NSString, NSData>`, not
    /// `CacheEngine.Cache<Foundation.NSString, Foundation.NSData>`.
    static func readableTypeName(of value: Any) -> String {
        var name = String(reflecting: type(of: value)).replacingOccurrences(of: "CacheEngine.Cache<", with: "NSCache<")
        for module in ["Submission.", "Foundation.", "Swift.", "__C.", "CacheEngine.", "UIKit."] {
            name = name.replacingOccurrences(of: module, with: "")
        }
        return name
    }

    /// The fields of `value` and of its superclasses, with lazy properties by their own names.
    private static func fields(of value: Any) -> [(label: String, value: Any)] {
        var result: [(label: String, value: Any)] = []
        var mirror: Mirror? = Mirror(reflecting: value)
        while let current = mirror {
            for (index, child) in current.children.enumerated() {
                result.append((readableLabel(child.label ?? "\(index)"), child.value))
            }
            mirror = current.superclassMirror
        }
        return result
    }

    /// `$__lazy_storage_$_cache` is how a `lazy var cache` is stored. A name is quoted in
    /// messages, and a raw identifier (`` `any text at all` ``) can be a sentence meant to
    /// read as the grader's, so a long one is cut.
    private static func readableLabel(_ label: String) -> String {
        let lazyPrefix = "$__lazy_storage_$_"
        let name = label.hasPrefix(lazyPrefix) ? String(label.dropFirst(lazyPrefix.count)) : label
        return name.count > 32 ? String(name.prefix(31)) + "…" : name
    }
}
