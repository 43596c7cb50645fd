import Foundation

/// Finds the cache a `SessionCache` keeps its data in, by reflecting on its stored
/// properties (lazy ones and optionals included), a few levels deep.
enum EngineProbe {
    enum Finding {
        /// The course's engine as `NSCache<SessionKey, NSData>`, at a property path.
        case engine(EngineView, path: String)
        /// Foundation's own NSCache, written out with its module name.
        case foundation(path: String)
        /// The engine, but with other key or value types (`NSCache<NSString, NSData>`).
        case otherTypes(typeName: String, path: String)
        /// Nothing cache-like; the stored properties seen, for the message.
        case none(properties: [String])
    }

    static func find(in subject: any SessionCacheSubject) -> Finding {
        let subjectType = type(of: subject)
        let instance = subject.instance
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(instance)]
        var properties: [String] = []
        var queue: [(value: Any, path: String, depth: Int)] = children(of: instance).map { ($0.value, $0.label, 1) }
        var fallback: Finding?
        while !queue.isEmpty {
            let (value, path, depth) = queue.removeFirst()
            if depth == 1 { properties.append("\(path): \(readableTypeName(of: value))") }
            if let view = subjectType.engineView(of: value) { return .engine(view, path: path) }
            let typeName = String(reflecting: type(of: value))
            if typeName.hasPrefix("Foundation.NSCache<") {
                fallback = fallback ?? .foundation(path: path)
                continue
            }
            if typeName.hasPrefix("CacheEngine.Cache<") {
                fallback = fallback ?? .otherTypes(typeName: readableTypeName(of: value), path: path)
                continue
            }
            guard depth < 4, shouldDescend(into: value) else { continue }
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .class {
                let object = value as AnyObject
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            }
            let nextDepth = mirror.displayStyle == .optional ? depth : depth + 1
            for child in children(of: value) {
                let childPath = mirror.displayStyle == .optional ? path : "\(path).\(child.label)"
                queue.append((child.value, childPath, nextDepth))
            }
        }
        return fallback ?? .none(properties: properties)
    }

    private static func children(of value: Any) -> [(label: String, value: Any)] {
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

    /// `$__lazy_storage_$_cache` is how a `lazy var cache` is stored.
    private static func readableLabel(_ label: String) -> String {
        let lazyPrefix = "$__lazy_storage_$_"
        return label.hasPrefix(lazyPrefix) ? String(label.dropFirst(lazyPrefix.count)) : label
    }

    private static func shouldDescend(into value: Any) -> Bool {
        switch Mirror(reflecting: value).displayStyle {
        case .class, .struct, .tuple, .optional, .enum: return !(value is NSData) && !(value is NSString)
        default: return false
        }
    }

    /// The type as the learner wrote it: `NSCache<NSString, NSData>`, not
    /// `CacheEngine.Cache<Foundation.NSString, Foundation.NSData>`.
    static func readableTypeName(of value: Any) -> String {
        var name = String(reflecting: type(of: value))
        name = name.replacingOccurrences(of: "CacheEngine.Cache<", with: "NSCache<")
        for module in ["Submission.", "Foundation.", "Swift.", "__C.", "CacheEngine."] {
            name = name.replacingOccurrences(of: module, with: "")
        }
        return name
    }
}

/// The submission's engine cache, or a failure that explains why the test needs it.
func engineView(of subject: any SessionCacheSubject) throws -> EngineView {
    if case let .engine(view, _) = EngineProbe.find(in: subject) { return view }
    // A lazy property exists only after first use; a lookup creates it without side effects.
    _ = subject.data(for: KeyFields("cachetutor-probe", "probe", 0).make(type(of: subject)))
    if case let .engine(view, _) = EngineProbe.find(in: subject) { return view }
    throw TestFailure("this test needs the NSCache<SessionKey, NSData> that SessionCache keeps its data in, and found none among its stored properties (see uses_nscache)")
}

/// The engine view when there is one, without failing.
func optionalEngineView(of subject: any SessionCacheSubject) -> EngineView? {
    try? engineView(of: subject)
}
