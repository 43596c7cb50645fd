#if canImport(Glibc)
import Glibc
#endif

/// The test process's last step of confinement: once the learner's code is loaded, no new
/// executable code may enter the process, however safe the API that tries.
///
/// A seccomp filter, installed after `dlopen` has mapped the submission and before anything
/// in it runs, answers `EPERM` to every system call that turns bytes into code or starts
/// a program:
///
/// - `mmap`, `mprotect` and `pkey_mprotect` asking for `PROT_EXEC` (so `Bundle.load`,
///   `dlopen` and a JIT all fail to map code);
/// - `execve`, `execveat` and `uselib` (so `Process` and `posix_spawn` run nothing);
/// - `personality` (`READ_IMPLIES_EXEC` would make every readable mapping executable),
///   `modify_ldt`, `shmat` (`SHM_EXEC`), `memfd_create`, `memfd_secret`, `remap_file_pages`;
/// - `ptrace`, `process_vm_readv`, `process_vm_writev` and `pidfd_getfd`, which reach into
///   another process;
/// - new processes: `fork`, `vfork`, and `clone` without `CLONE_THREAD` (a thread is fine,
///   a process is not, so a test is one process whose memory one limit bounds), and every
///   `clone` that asks for a namespace; `clone3`, whose flags a filter cannot read, answers
///   `ENOSYS`, which makes the C library fall back to `clone`;
/// - the calls that rebuild a sandbox or load kernel code: `unshare`, `setns`, `mount` and
///   the new mount API, `umount2`, `pivot_root`, `chroot`, `bpf`, `perf_event_open`,
///   `userfaultfd`, `io_uring_*` (whose requests seccomp does not see), module and kexec loading.
///
/// - new sockets (`socket`, `socketpair`), which could pass a descriptor to the process
///   itself, and the kernel's asynchronous I/O (`io_setup`, `io_submit`).
///
/// Given a ``Gate``, the filter also keeps the result channel for the runner: a write of any
/// kind to the channel's descriptor is refused unless it comes from the gate's one
/// instruction, and the descriptor may not be copied (`dup`, `dup2`, `dup3`, `fcntl`'s
/// `F_DUPFD`), so a submission that diverted a record, or read the run's secret, still
/// cannot send one.
///
/// A call made for another architecture's ABI (on x86_64, the x32 numbers) ends the process.
/// Everything else is allowed: the Swift runtime, Foundation and Dispatch need none of the
/// refused calls once loaded, so a correct submission never meets the filter.
public enum CodeLock {
    /// One classic BPF instruction, as the kernel's `struct sock_filter` lays it out.
    public struct Instruction: Equatable, Sendable {
        public var code: UInt16
        public var jumpIfTrue: UInt8
        public var jumpIfFalse: UInt8
        public var operand: UInt32

        /// An instruction with every field given.
        public init(code: UInt16, jumpIfTrue: UInt8 = 0, jumpIfFalse: UInt8 = 0, operand: UInt32) {
            self.code = code
            self.jumpIfTrue = jumpIfTrue
            self.jumpIfFalse = jumpIfFalse
            self.operand = operand
        }

        /// The instruction's eight bytes, as one little-endian word.
        var word: UInt64 {
            UInt64(code) | UInt64(jumpIfTrue) << 16 | UInt64(jumpIfFalse) << 24 | UInt64(operand) << 32
        }
    }

    /// What the filter answers a call.
    public enum Verdict: Equatable, Sendable {
        case allow
        /// The call fails with this `errno`.
        case refuse(Int32)
        /// The process ends at once.
        case kill
    }

    /// The result channel's descriptor, and the only instruction that may write on it: the
    /// address the kernel reports for a call made from there (just past the `syscall` or `svc`).
    public struct Gate: Equatable, Sendable {
        public var descriptor: UInt32
        public var site: UInt64

        /// A gate for `descriptor` at `site`.
        public init(descriptor: UInt32, site: UInt64) {
            self.descriptor = descriptor
            self.site = site
        }
    }

    /// The system call numbers of one architecture that the filter names.
    public struct Architecture: Sendable {
        /// The kernel's `AUDIT_ARCH_*` value, which every call carries.
        public var auditValue: UInt32
        /// Calls refused outright, by name.
        public var refused: [(name: String, number: UInt32)]
        /// `mmap`, `mprotect`, `pkey_mprotect`: refused when the protection has `PROT_EXEC`.
        public var mapping: [UInt32]
        /// `clone`: refused unless it makes a thread, and when it asks for a namespace.
        public var clone: UInt32
        /// `clone3`: answered `ENOSYS`.
        public var clone3: UInt32
        /// Numbers from this one up belong to another ABI (x86_64's x32), or nil.
        public var foreignABIFrom: UInt32?
        /// `seccomp` itself, through which the filter is installed.
        public var seccomp: Int
        /// Every call that writes to a descriptor, with the index of the argument that names it.
        public var writes: [(name: String, number: UInt32, descriptor: UInt32)]
        /// `dup`, `dup2` (x86_64 only) and `dup3`, whose first argument is the copied descriptor.
        public var duplicates: [UInt32]
        /// `fcntl`, whose `F_DUPFD` and `F_DUPFD_CLOEXEC` copy a descriptor.
        public var fcntl: UInt32

        /// x86_64, from `asm/unistd_64.h`.
        public static let x86_64 = Architecture(
            auditValue: 0xC000_003E,
            refused: [
                ("execve", 59), ("execveat", 322), ("uselib", 134), ("personality", 135), ("modify_ldt", 154),
                ("shmat", 30), ("memfd_create", 319), ("memfd_secret", 447), ("remap_file_pages", 216),
                ("ptrace", 101), ("process_vm_readv", 310), ("process_vm_writev", 311), ("pidfd_getfd", 438),
                ("fork", 57), ("vfork", 58),
                ("unshare", 272), ("setns", 308), ("mount", 165), ("umount2", 166), ("pivot_root", 155), ("chroot", 161),
                ("open_tree", 428), ("move_mount", 429), ("fsopen", 430), ("fsconfig", 431), ("fsmount", 432),
                ("fspick", 433), ("mount_setattr", 442),
                ("bpf", 321), ("perf_event_open", 298), ("userfaultfd", 323),
                ("io_uring_setup", 425), ("io_uring_enter", 426), ("io_uring_register", 427),
                ("init_module", 175), ("finit_module", 313), ("kexec_load", 246), ("kexec_file_load", 320),
                ("socket", 41), ("socketpair", 53), ("io_setup", 206), ("io_submit", 209),
            ],
            mapping: [9, 10, 329], clone: 56, clone3: 435, foreignABIFrom: 0x4000_0000, seccomp: 317,
            writes: [
                ("write", 1, 0), ("writev", 20, 0), ("pwrite64", 18, 0), ("pwritev", 296, 0), ("pwritev2", 328, 0),
                ("sendto", 44, 0), ("sendmsg", 46, 0), ("sendmmsg", 307, 0), ("sendfile", 40, 0),
                ("splice", 275, 2), ("tee", 276, 1), ("vmsplice", 278, 0), ("copy_file_range", 326, 2),
            ],
            duplicates: [32, 33, 292], fcntl: 72
        )

        /// aarch64, from `asm-generic/unistd.h` (it has no `fork`, `vfork`, `uselib` or `modify_ldt`).
        public static let aarch64 = Architecture(
            auditValue: 0xC000_00B7,
            refused: [
                ("execve", 221), ("execveat", 281), ("personality", 92),
                ("shmat", 196), ("memfd_create", 279), ("memfd_secret", 447), ("remap_file_pages", 234),
                ("ptrace", 117), ("process_vm_readv", 270), ("process_vm_writev", 271), ("pidfd_getfd", 438),
                ("unshare", 97), ("setns", 268), ("mount", 40), ("umount2", 39), ("pivot_root", 41), ("chroot", 51),
                ("open_tree", 428), ("move_mount", 429), ("fsopen", 430), ("fsconfig", 431), ("fsmount", 432),
                ("fspick", 433), ("mount_setattr", 442),
                ("bpf", 280), ("perf_event_open", 241), ("userfaultfd", 282),
                ("io_uring_setup", 425), ("io_uring_enter", 426), ("io_uring_register", 427),
                ("init_module", 105), ("finit_module", 273), ("kexec_load", 104), ("kexec_file_load", 294),
                ("socket", 198), ("socketpair", 199), ("io_setup", 0), ("io_submit", 2),
            ],
            mapping: [222, 226, 288], clone: 220, clone3: 435, foreignABIFrom: nil, seccomp: 277,
            writes: [
                ("write", 64, 0), ("writev", 66, 0), ("pwrite64", 68, 0), ("pwritev", 70, 0), ("pwritev2", 287, 0),
                ("sendto", 206, 0), ("sendmsg", 211, 0), ("sendmmsg", 269, 0), ("sendfile", 71, 0),
                ("splice", 76, 2), ("tee", 77, 1), ("vmsplice", 75, 0), ("copy_file_range", 285, 2),
            ],
            duplicates: [23, 24], fcntl: 25
        )

        /// The architecture this process runs on.
        public static var current: Architecture {
            #if arch(x86_64)
            .x86_64
            #elseif arch(arm64)
            .aarch64
            #else
            #error("CodeLock knows the system calls of x86_64 and aarch64 only")
            #endif
        }
    }

    static let protectionExecutable: UInt32 = 0x4
    static let cloneThread: UInt32 = 0x0001_0000
    /// `CLONE_NEWNS`, `CLONE_NEWCGROUP`, `CLONE_NEWUTS`, `CLONE_NEWIPC`, `CLONE_NEWUSER`, `CLONE_NEWPID`, `CLONE_NEWNET`.
    static let cloneNamespaces: UInt32 = 0x0002_0000 | 0x0200_0000 | 0x0400_0000 | 0x0800_0000 | 0x1000_0000 | 0x2000_0000 | 0x4000_0000

    // Offsets into the kernel's `struct seccomp_data`: nr, arch, the 64-bit instruction
    // pointer, then six 64-bit arguments, whose low halves (little-endian) are all the filter
    // reads: the kernel takes descriptors, protections and flags as 32-bit values.
    static let numberOffset: UInt32 = 0
    static let architectureOffset: UInt32 = 4
    static let instructionOffset: UInt32 = 8
    static func argumentOffset(_ index: UInt32) -> UInt32 { 16 + 8 * index }

    static func returning(_ verdict: Verdict) -> Instruction {
        let value: UInt32 = switch verdict {
        case .allow: 0x7FFF_0000
        case let .refuse(code): 0x0005_0000 | UInt32(code) & 0xFFFF
        case .kill: 0x8000_0000
        }
        return Instruction(code: 0x06, operand: value)
    }

    static func load(_ offset: UInt32) -> Instruction { Instruction(code: 0x20, operand: offset) }
    static func jumpIfEqual(_ value: UInt32, skip: UInt8) -> Instruction { Instruction(code: 0x15, jumpIfTrue: 0, jumpIfFalse: skip, operand: value) }

    /// `F_DUPFD` and `F_DUPFD_CLOEXEC`.
    static let fcntlDuplicates: [UInt32] = [0, 1030]

    /// The filter for `architecture`, keeping `gate`'s channel when one is given. Every block
    /// either returns or falls through to the next with the call's number loaded, so no jump
    /// is longer than one block.
    public static func program(for architecture: Architecture, gate: Gate? = nil) -> [Instruction] {
        var program = [
            load(architectureOffset),
            Instruction(code: 0x15, jumpIfTrue: 1, jumpIfFalse: 0, operand: architecture.auditValue),
            returning(.kill),
            load(numberOffset),
        ]
        if let foreign = architecture.foreignABIFrom {
            program += [Instruction(code: 0x35, jumpIfTrue: 0, jumpIfFalse: 1, operand: foreign), returning(.kill)]
        }
        for call in architecture.refused {
            program += [jumpIfEqual(call.number, skip: 1), returning(.refuse(EPERM))]
        }
        program += [jumpIfEqual(architecture.clone3, skip: 1), returning(.refuse(ENOSYS))]
        for call in architecture.mapping {
            program += [
                jumpIfEqual(call, skip: 4),
                load(argumentOffset(2)),
                Instruction(code: 0x45, jumpIfTrue: 0, jumpIfFalse: 1, operand: protectionExecutable),
                returning(.refuse(EPERM)),
                returning(.allow),
            ]
        }
        if let gate { program += channelBlocks(architecture, gate) }
        // Last: a call no block named falls through to its final allow.
        program += [
            jumpIfEqual(architecture.clone, skip: 5),
            load(argumentOffset(0)),
            Instruction(code: 0x45, jumpIfTrue: 0, jumpIfFalse: 2, operand: cloneThread),
            Instruction(code: 0x45, jumpIfTrue: 1, jumpIfFalse: 0, operand: cloneNamespaces),
            returning(.allow),
            returning(.refuse(EPERM)),
            returning(.allow),
        ]
        return program
    }

    /// Writes to the channel only from the gate's site; no copy of the channel's descriptor.
    static func channelBlocks(_ architecture: Architecture, _ gate: Gate) -> [Instruction] {
        var blocks: [Instruction] = []
        for call in architecture.writes {
            blocks += [
                jumpIfEqual(call.number, skip: 8),
                load(argumentOffset(call.descriptor)),
                jumpIfEqual(gate.descriptor, skip: 5),
                load(instructionOffset),
                jumpIfEqual(UInt32(truncatingIfNeeded: gate.site), skip: 2),
                load(instructionOffset + 4),
                Instruction(code: 0x15, jumpIfTrue: 1, jumpIfFalse: 0, operand: UInt32(truncatingIfNeeded: gate.site >> 32)),
                returning(.refuse(EPERM)),
                returning(.allow),
            ]
        }
        for call in architecture.duplicates {
            blocks += [
                jumpIfEqual(call, skip: 4),
                load(argumentOffset(0)),
                jumpIfEqual(gate.descriptor, skip: 1),
                returning(.refuse(EPERM)),
                returning(.allow),
            ]
        }
        blocks += [
            jumpIfEqual(architecture.fcntl, skip: 7),
            load(argumentOffset(0)),
            jumpIfEqual(gate.descriptor, skip: 4),
            load(argumentOffset(1)),
            Instruction(code: 0x15, jumpIfTrue: 1, jumpIfFalse: 0, operand: fcntlDuplicates[0]),
            Instruction(code: 0x15, jumpIfTrue: 0, jumpIfFalse: 1, operand: fcntlDuplicates[1]),
            returning(.refuse(EPERM)),
            returning(.allow),
        ]
        return blocks
    }

    /// Installs the filter on every thread of this process, and so on every thread and
    /// process they start. Returns false when the kernel refused it, on any thread; the
    /// caller must then not run the test.
    public static func engage(gate: Gate? = nil) -> Bool {
        // A filter needs no-new-privileges (or CAP_SYS_ADMIN); the runner has set it already.
        guard lockPrctl(38, 1, 0, 0, 0) == 0 else { return false }
        let words = program(for: .current, gate: gate).map(\.word)
        return words.withUnsafeBufferPointer { instructions in
            // struct sock_fprog: an unsigned short count, padded to 8 bytes, then the pointer.
            let header: [UInt64] = [UInt64(instructions.count), UInt64(UInt(bitPattern: instructions.baseAddress))]
            return header.withUnsafeBufferPointer { program in
                // SECCOMP_SET_MODE_FILTER with SECCOMP_FILTER_FLAG_TSYNC: threads started before
                // the submission was loaded (Dispatch's, the notice listener) are filtered too.
                lockSyscall(Architecture.current.seccomp, 1, 1, UInt(bitPattern: program.baseAddress)) == 0
            }
        }
    }

    /// Whether the filter holds in this process, tried rather than assumed: an executable
    /// anonymous mapping and a program start must both be refused with `EPERM`, and with a
    /// `gate`, a write to its channel made from anywhere else and a copy of its descriptor.
    public static func holds(gate: Gate? = nil) -> Bool {
        if let gate {
            let descriptor = Int32(bitPattern: gate.descriptor)
            // An empty write reaches the filter like any other and changes nothing if let through.
            guard write(descriptor, nil, 0) == -1, errno == EPERM else { return false }
            let copy = dup(descriptor)
            if copy >= 0 {
                close(copy)
                return false
            }
            guard errno == EPERM else { return false }
        }
        let mapped = mmap(nil, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        if mapped != MAP_FAILED {
            munmap(mapped, 4096)
            return false
        }
        guard errno == EPERM else { return false }
        let started = "/nonexistent-cachetutor-probe".withCString { path in
            var arguments: [UnsafeMutablePointer<CChar>?] = [nil]
            return arguments.withUnsafeMutableBufferPointer { execv(path, $0.baseAddress!) }
        }
        return started == -1 && errno == EPERM
    }
}

// `syscall` is variadic in C; with integer arguments only, a fixed signature passes them
// in the same registers.
@_silgen_name("syscall")
private func lockSyscall(_ number: Int, _ operation: UInt, _ flags: UInt, _ argument: UInt) -> Int

@_silgen_name("prctl")
private func lockPrctl(_ option: Int32, _ arg2: UInt, _ arg3: UInt, _ arg4: UInt, _ arg5: UInt) -> Int32
