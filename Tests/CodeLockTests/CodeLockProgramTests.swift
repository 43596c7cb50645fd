import CodeLock
import Testing

/// The filter's program, run on a small classic-BPF interpreter: what it answers each call
/// of each architecture, without a kernel.
struct CodeLockProgramTests {
    static let architectures: [(name: String, architecture: CodeLock.Architecture)] = [("x86_64", .x86_64), ("aarch64", .aarch64)]

    @Test(arguments: architectures.map(\.name))
    func everyRefusedCallIsRefusedWithEPERM(_ name: String) throws {
        let architecture = try #require(Self.architectures.first { $0.name == name }).architecture
        let program = CodeLock.program(for: architecture)
        for call in architecture.refused {
            #expect(try Filter.run(program, architecture.auditValue, call.number) == .refuse(1), "\(name): \(call.name)")
        }
        #expect(try Filter.run(program, architecture.auditValue, architecture.clone3) == .refuse(38), "\(name): clone3 must answer ENOSYS so the C library falls back to clone")
    }

    @Test(arguments: architectures.map(\.name))
    func executableMappingsAreRefusedAndOthersAllowed(_ name: String) throws {
        let architecture = try #require(Self.architectures.first { $0.name == name }).architecture
        let program = CodeLock.program(for: architecture)
        let read: UInt32 = 0x1, write: UInt32 = 0x2, execute: UInt32 = 0x4
        for call in architecture.mapping {
            #expect(try Filter.run(program, architecture.auditValue, call, arguments: [0, 4096, read | write]) == .allow)
            #expect(try Filter.run(program, architecture.auditValue, call, arguments: [0, 4096, 0]) == .allow)
            #expect(try Filter.run(program, architecture.auditValue, call, arguments: [0, 4096, read | execute]) == .refuse(1))
            #expect(try Filter.run(program, architecture.auditValue, call, arguments: [0, 4096, execute]) == .refuse(1))
        }
    }

    @Test(arguments: architectures.map(\.name))
    func threadsMayStartButProcessesAndNamespacesMayNot(_ name: String) throws {
        let architecture = try #require(Self.architectures.first { $0.name == name }).architecture
        let program = CodeLock.program(for: architecture)
        // What glibc's pthread_create passes: CLONE_VM|FS|FILES|SIGHAND|THREAD|SYSVSEM|SETTLS|PARENT_SETTID|CHILD_CLEARTID.
        let thread: UInt32 = 0x003D_0F00
        #expect(try Filter.run(program, architecture.auditValue, architecture.clone, arguments: [thread]) == .allow)
        // fork(): SIGCHLD|CLONE_CHILD_SETTID|CLONE_CHILD_CLEARTID; posix_spawn: CLONE_VM|CLONE_VFORK|SIGCHLD.
        #expect(try Filter.run(program, architecture.auditValue, architecture.clone, arguments: [0x0120_0011]) == .refuse(1))
        #expect(try Filter.run(program, architecture.auditValue, architecture.clone, arguments: [0x0000_4111]) == .refuse(1))
        #expect(try Filter.run(program, architecture.auditValue, architecture.clone, arguments: [thread | 0x1000_0000]) == .refuse(1), "a thread in a new user namespace")
    }

    @Test(arguments: architectures.map(\.name))
    func ordinaryCallsAreAllowed(_ name: String) throws {
        let architecture = try #require(Self.architectures.first { $0.name == name }).architecture
        let program = CodeLock.program(for: architecture)
        let named = Set(architecture.refused.map(\.number) + architecture.mapping + [architecture.clone, architecture.clone3])
        for number in UInt32(0)..<460 where !named.contains(number) {
            #expect(try Filter.run(program, architecture.auditValue, number, arguments: [0, 0, 0x7]) == .allow, "\(name): call \(number)")
        }
    }

    @Test(arguments: architectures.map(\.name))
    func onlyTheGateWritesOnTheChannelAndNothingCopiesIt(_ name: String) throws {
        let architecture = try #require(Self.architectures.first { $0.name == name }).architecture
        // A site whose halves differ, so a filter that compared one half only would let a neighbour through.
        let gate = CodeLock.Gate(descriptor: 3, site: 0x0000_5612_3456_789A)
        let program = CodeLock.program(for: architecture, gate: gate)
        let audit = architecture.auditValue
        for call in architecture.writes {
            var onChannel = [UInt32](repeating: 9, count: 6)
            onChannel[Int(call.descriptor)] = 3
            var elsewhere = onChannel
            elsewhere[Int(call.descriptor)] = 1
            #expect(try Filter.run(program, audit, call.number, arguments: onChannel, from: gate.site) == .allow, "\(name): \(call.name) from the gate")
            #expect(try Filter.run(program, audit, call.number, arguments: onChannel, from: 0x0000_7F00_0000_1000) == .refuse(1), "\(name): \(call.name) from elsewhere")
            #expect(try Filter.run(program, audit, call.number, arguments: onChannel, from: gate.site & 0xFFFF_FFFF) == .refuse(1), "\(name): \(call.name) from the gate's low half only")
            #expect(try Filter.run(program, audit, call.number, arguments: onChannel, from: gate.site + 0x1_0000_0000) == .refuse(1), "\(name): \(call.name) from the gate's high half only")
            #expect(try Filter.run(program, audit, call.number, arguments: elsewhere, from: 0x0000_7F00_0000_1000) == .allow, "\(name): \(call.name) on another descriptor")
        }
        for call in architecture.duplicates {
            #expect(try Filter.run(program, audit, call, arguments: [3, 40]) == .refuse(1), "\(name): copying the channel with \(call)")
            #expect(try Filter.run(program, audit, call, arguments: [1, 40]) == .allow, "\(name): copying another descriptor with \(call)")
            #expect(try Filter.run(program, audit, call, arguments: [40, 3]) == .allow, "\(name): replacing the channel (its records then go nowhere the grader reads) with \(call)")
        }
        for command: UInt32 in [0, 1030] {
            #expect(try Filter.run(program, audit, architecture.fcntl, arguments: [3, command, 10]) == .refuse(1), "\(name): fcntl \(command) on the channel")
            #expect(try Filter.run(program, audit, architecture.fcntl, arguments: [1, command, 10]) == .allow)
        }
        #expect(try Filter.run(program, audit, architecture.fcntl, arguments: [3, 1, 0]) == .allow, "\(name): F_GETFD on the channel")
        // Without a gate, the same calls are the filter's business no more than any other.
        let plain = CodeLock.program(for: architecture)
        for call in architecture.writes {
            #expect(try Filter.run(plain, audit, call.number, arguments: [3, 3, 3]) == .allow)
        }
    }

    @Test func anotherArchitectureOrABIEndsTheProcess() throws {
        let program = CodeLock.program(for: .x86_64)
        // i386 (AUDIT_ARCH_I386) and x32 (x86_64 numbers with bit 30 set).
        #expect(try Filter.run(program, 0x4000_0003, 11) == .kill)
        #expect(try Filter.run(program, CodeLock.Architecture.x86_64.auditValue, 0x4000_0000 + 59) == .kill)
        #expect(try Filter.run(CodeLock.program(for: .aarch64), CodeLock.Architecture.x86_64.auditValue, 0) == .kill)
    }

    @Test func theProgramFitsTheKernelsLimits() {
        for (_, architecture) in Self.architectures {
            let program = CodeLock.program(for: architecture, gate: CodeLock.Gate(descriptor: 3, site: 0x5612_3456_789A))
            #expect(program.count < 4096)
            #expect(program.last == CodeLock.Instruction(code: 0x06, operand: 0x7FFF_0000), "what no rule names is allowed")
        }
    }
}

/// Enough of classic BPF to run the filter: absolute word loads, the three conditional
/// jumps on a constant, and returns.
enum Filter {
    struct Fault: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ program: [CodeLock.Instruction], _ architecture: UInt32, _ number: UInt32, arguments: [UInt32] = [], from site: UInt64 = 0) throws -> CodeLock.Verdict {
        var data = [number, architecture, UInt32(truncatingIfNeeded: site), UInt32(truncatingIfNeeded: site >> 32)]
        for index in 0..<6 { data += [index < arguments.count ? arguments[index] : 0, 0] }
        var accumulator: UInt32 = 0
        var counter = 0
        while counter < program.count {
            let instruction = program[counter]
            counter += 1
            switch instruction.code {
            case 0x20:
                guard instruction.operand % 4 == 0, Int(instruction.operand / 4) < data.count else { throw Fault(description: "load out of range at \(counter - 1)") }
                accumulator = data[Int(instruction.operand / 4)]
            case 0x15, 0x35, 0x45:
                let taken = switch instruction.code {
                case 0x15: accumulator == instruction.operand
                case 0x35: accumulator >= instruction.operand
                default: accumulator & instruction.operand != 0
                }
                counter += Int(taken ? instruction.jumpIfTrue : instruction.jumpIfFalse)
            case 0x05:
                counter += Int(instruction.operand)
            case 0x06:
                switch instruction.operand & 0xFFFF_0000 {
                case 0x7FFF_0000: return .allow
                case 0x0005_0000: return .refuse(Int32(instruction.operand & 0xFFFF))
                case 0x8000_0000: return .kill
                default: throw Fault(description: "unknown return \(instruction.operand)")
                }
            default:
                throw Fault(description: "unknown instruction \(instruction.code) at \(counter - 1)")
            }
        }
        throw Fault(description: "the program ran off its end")
    }
}
