/// Carries a value into or out of the cache's `Mutex`.
///
/// `Mutex.withLock` only moves `sending` values across its boundary; keys and objects are
/// arbitrary classes that the compiler cannot prove safe to move. The engine only stores,
/// compares and hands them back, always under its lock, so the transfer is safe.
struct _Unchecked<Value>: @unchecked Sendable {
    var value: Value
}
