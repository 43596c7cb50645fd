/// What ``Cache`` does with an object whose cost alone exceeds ``Cache/totalCostLimit``.
public enum OversizeAdmission: String, Sendable, Hashable, CaseIterable {
    /// Store it and evict every other entry, so it sits in the cache alone (over the limit)
    /// until the next store or limit change evicts it.
    case admitAlone
    /// Do not store it. An entry already stored under the same key is removed, so the
    /// cache never answers with the object that the caller meant to replace.
    case reject
}
