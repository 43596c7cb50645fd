#if canImport(Glibc)
import Glibc
#endif

// Linux calls and constants that Swift's Glibc module leaves out (it is not built with
// _GNU_SOURCE), declared by their C names. Harness code only: a learner's file may not
// declare symbols this way.
enum Linux {
    static let newUserNamespace: Int32 = 0x1000_0000
    static let newPIDNamespace: Int32 = 0x2000_0000
    static let newNetworkNamespace: Int32 = 0x4000_0000
    static let newMountNamespace: Int32 = 0x0002_0000
    static let newIPCNamespace: Int32 = 0x0800_0000
    static let newUTSNamespace: Int32 = 0x0400_0000

    static let mountReadOnly: UInt = 1
    static let mountNoSetUID: UInt = 2
    static let mountNoDevices: UInt = 4
    static let mountNoExec: UInt = 8
    static let mountRemount: UInt = 32
    static let mountBind: UInt = 4096
    static let mountRecursive: UInt = 0x4000
    static let mountPrivate: UInt = 0x4_0000
    static let mountRelativeAccessTime: UInt = 0x20_0000
    static let detachUnmount: Int32 = 2

    static let processCountLimit = __rlimit_resource(rawValue: 6)
    static let setParentDeathSignal: Int32 = 1
    static let setDumpable: Int32 = 4
    static let setNoNewPrivileges: Int32 = 38
    static let pivotRootCall = 155

    /// Ends this process the way `status` says another ended: its exit code, or 128 + signal.
    static func exitLike(_ status: Int32) -> Never {
        let signal = status & 0x7f
        if signal == 0 { _exit((status >> 8) & 0xff) }
        _exit(128 + signal)
    }
}

@_silgen_name("unshare")
func linuxUnshare(_ flags: Int32) -> Int32

@_silgen_name("mount")
func linuxMount(_ source: UnsafePointer<CChar>?, _ target: UnsafePointer<CChar>, _ type: UnsafePointer<CChar>?, _ flags: UInt, _ data: UnsafeRawPointer?) -> Int32

@_silgen_name("umount2")
func linuxUnmount(_ target: UnsafePointer<CChar>, _ flags: Int32) -> Int32

@_silgen_name("prctl")
func linuxPrctl(_ option: Int32, _ arg2: UInt, _ arg3: UInt, _ arg4: UInt, _ arg5: UInt) -> Int32

@_silgen_name("capset")
func linuxCapabilitySet(_ header: UnsafeMutableRawPointer, _ data: UnsafeMutableRawPointer) -> Int32

// `syscall` is variadic in C; with pointer and integer arguments only, calling it through
// a fixed signature passes them in the same registers.
@_silgen_name("syscall")
func linuxSyscall2(_ number: Int, _ first: UnsafePointer<CChar>, _ second: UnsafePointer<CChar>) -> Int

@_silgen_name("gettid")
func linuxThreadID() -> Int32
