// The runner's own `alarm` and `ualarm`. The runner is the program, so a submission's calls
// bind to these before the C library's: a timer signal is the one thing that could still wake
// a process whose threads all sleep, and the grader ends such a process early as stuck (see
// ``BoundedWait``). The other timer calls take pointers, which a memory-safe file cannot pass.
// Public, since only a public symbol is exported (and so found before the C library's).

@_cdecl("alarm")
public func refuseAlarm(_ seconds: UInt32) -> UInt32 {
    fatalError("alarm() is not available to graded exercises; use DispatchQueue.asyncAfter for a delay")
}

@_cdecl("ualarm")
public func refuseMicrosecondAlarm(_ microseconds: UInt32, _ interval: UInt32) -> UInt32 {
    fatalError("ualarm() is not available to graded exercises; use DispatchQueue.asyncAfter for a delay")
}
