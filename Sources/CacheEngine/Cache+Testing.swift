/// Test hooks, visible inside this package only.
extension Cache {
    /// Runs the structural invariant check (see `_CacheState._checkInvariants()`) now;
    /// does nothing in release builds.
    package func _checkInvariants() {
        _state.withLock { $0._checkInvariants() }
    }
}
