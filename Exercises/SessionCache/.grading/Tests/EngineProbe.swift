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
        var properties: [String] = []
        var found: Finding?
        var nearMiss: Finding?
        PropertyWalk.walk(subject.instance, leaf: { $0 is NSData || $0 is NSString }) { stored in
            if stored.depth == 1 { properties.append("\(stored.path): \(PropertyWalk.readableTypeName(of: stored.value))") }
            if let view = subjectType.engineView(of: stored.value) {
                found = .engine(view, path: stored.path)
                return .stop
            }
            switch PropertyWalk.nearMiss(stored.value) {
            case .foundation?: nearMiss = nearMiss ?? .foundation(path: stored.path)
            case let .otherTypes(typeName)?: nearMiss = nearMiss ?? .otherTypes(typeName: typeName, path: stored.path)
            case nil: return .open
            }
            return .skip
        }
        return found ?? nearMiss ?? .none(properties: properties)
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
