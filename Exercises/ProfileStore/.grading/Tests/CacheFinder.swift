import CacheEngine
import Foundation

/// Looks through the stored properties of a `ProfileStore` (lazy ones, optionals, nested
/// structs and objects, three levels deep) for the cache that holds its profiles.
enum CacheFinder {
    enum Finding {
        /// The course's engine with NSString keys and Profile values, at a property path.
        case found(Cache<NSString, Profile>, path: String)
        /// Foundation's own NSCache, written out with its module name.
        case foundationNSCache(path: String)
        /// The engine with other key or value types, as the learner would write the type.
        case wrongTypes(written: String, path: String)
        /// Nothing cache-like; the top-level stored properties, for the message.
        case nothing(properties: [String])
    }

    static func search(_ store: AnyObject) -> Finding {
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(store)]
        var topLevel: [String] = []
        var pending = properties(of: store).map { (value: $0.value, path: $0.label, depth: 1) }
        var firstNearMiss: Finding?
        var index = 0
        while index < pending.count {
            let (value, path, depth) = pending[index]
            index += 1
            if depth == 1 { topLevel.append("\(path): \(type(of: value))") }
            if let cache = value as? Cache<NSString, Profile> { return .found(cache, path: path) }
            let fullName = String(reflecting: type(of: value))
            if fullName.hasPrefix("Foundation.NSCache<") {
                if firstNearMiss == nil { firstNearMiss = .foundationNSCache(path: path) }
                continue
            }
            if fullName.hasPrefix("CacheEngine.Cache<") {
                let written = "NSCache<" + fullName.dropFirst("CacheEngine.Cache<".count)
                if firstNearMiss == nil { firstNearMiss = .wrongTypes(written: written.replacingOccurrences(of: "CachetutorHarness.", with: "").replacingOccurrences(of: "Foundation.", with: "").replacingOccurrences(of: "Swift.", with: ""), path: path) }
                continue
            }
            let mirror = Mirror(reflecting: value)
            guard depth < 4, let style = mirror.displayStyle, [.class, .struct, .tuple, .optional, .enum].contains(style) else { continue }
            if value is Profile { continue }
            if style == .class, !visited.insert(ObjectIdentifier(value as AnyObject)).inserted { continue }
            let unwrapping = style == .optional
            for child in properties(of: value) {
                pending.append((child.value, unwrapping ? path : "\(path).\(child.label)", unwrapping ? depth : depth + 1))
            }
        }
        return firstNearMiss ?? .nothing(properties: topLevel)
    }

    /// Every stored property, the superclasses' too; `lazy var cache` shows as `cache`.
    private static func properties(of value: Any) -> [(label: String, value: Any)] {
        var found: [(label: String, value: Any)] = []
        var mirror: Mirror? = Mirror(reflecting: value)
        while let current = mirror {
            for (position, child) in current.children.enumerated() {
                var label = child.label ?? "\(position)"
                if label.hasPrefix("$__lazy_storage_$_") { label.removeFirst("$__lazy_storage_$_".count) }
                found.append((label, child.value))
            }
            mirror = current.superclassMirror
        }
        return found
    }
}

/// The submission's engine cache, or a failure that says why the test needs it.
func profileCache(of subject: any ProfileStoreSubject) throws -> Cache<NSString, Profile> {
    if case let .found(cache, _) = CacheFinder.search(subject.instance) { return cache }
    // A lazy property exists only once it has been used; a plain lookup creates it.
    _ = subject.cachedProfile(forID: "cachetutor-probe")
    if case let .found(cache, _) = CacheFinder.search(subject.instance) { return cache }
    throw TestFailure("this test needs the NSCache<NSString, Profile> that ProfileStore keeps its profiles in, and found none among its stored properties (see uses_nscache)")
}

/// The submission's engine cache if it has one; nil otherwise (the test then falls back
/// on `cachedProfile(forID:)`).
func optionalProfileCache(of subject: any ProfileStoreSubject) -> Cache<NSString, Profile>? {
    try? profileCache(of: subject)
}

/// Whether `cache` holds `profile` under any key. Learners may prefix their keys
/// ("profile/" + id), so the tests look for the object, not for a key.
func holds(_ cache: Cache<NSString, Profile>, _ profile: Profile) -> Bool {
    cache.entries().contains { $0.object === profile }
}
