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

    @Test func anotherArchitectureOrABIEndsTheProcess() throws {
        let program = CodeLock.program(for: .x86_64)
        // i386 (AUDIT_ARCH_I386) and x32 (x86_64 numbers with bit 30 set).
        #expect(try Filter.run(program, 0x4000_0003, 11) == .kill)
        #expect(try Filter.run(program, CodeLock.Architecture.x86_64.auditValue, 0x4000_0000 + 59) == .kill)
        #expect(try Filter.run(CodeLock.program(for: .aarch64), CodeLock.Architecture.x86_64.auditValue, 0) == .kill)
    }

    @Test func theProgramFitsTheKernelsLimits() {
        for (_, architecture) in Self.architectures {
            let program = CodeLock.program(for: architecture)
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

    static func run(_ program: [CodeLock.Instruction], _ architecture: UInt32, _ number: UInt32, arguments: [UInt32] = []) throws -> CodeLock.Verdict {
        var data = [number, architecture, 0, 0]
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
