import Foundation
import Testing
@testable import TutorGrading

/// The one startup code a compiled submission may hold: ThreadSanitizer's constructor.
@Suite struct SanitizerStartupTests {
    /// What a synthetic object is made of; each case changes one thing from what the
    /// instrumentation emits.
    struct Shape {
        var constructorName = "tsan.module_ctor"
        var constructorSection = ".text.tsan.module_ctor"
        var callee = "__tsan_init"
        var arrayName = ".init_array.0"
        var arraySlots = 1
        var relocatedSlots = 1
        var arrayBytes: [UInt8]?
        var extraSections: [String] = []
    }

    /// A relocatable ELF object as the compiler lays out an instrumented one: the
    /// constructor's code in a section of its own with one call relocated to `callee`, and an
    /// `.init_array` part whose slots are relocated, as section symbol plus addend, to it.
    static func object(_ shape: Shape) -> [UInt8] {
        func little(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        struct Part { var name: String; var type: Int; var payload: [UInt8]; var link = 0; var info = 0; var entrySize = 0 }
        // Symbols: null, the code section's own symbol, the constructor, the callee (undefined).
        var strings: [UInt8] = [0]
        func name(_ text: String) -> Int { defer { strings += Array(text.utf8) + [0] }; return strings.count }
        func symbol(_ nameOffset: Int, kind: Int, section: Int, value: Int = 0) -> [UInt8] {
            little(nameOffset, 4) + [UInt8(kind)] + [0] + little(section, 2) + little(value, 8) + little(0, 8)
        }
        let code = 2
        let symbols = symbol(0, kind: 0, section: 0) + symbol(0, kind: 3, section: code)
            + symbol(name(shape.constructorName), kind: 2, section: code) + symbol(name(shape.callee), kind: 0, section: 0)
        func relocation(at offset: Int, symbol: Int, type: Int, addend: Int) -> [UInt8] {
            little(offset, 8) + little(symbol << 32 | type, 8) + little(addend, 8)
        }
        let symbolTable = 6
        var parts = [
            Part(name: shape.constructorSection, type: 1, payload: [0x55, 0x48, 0x89, 0xE5, 0xE8, 0, 0, 0, 0, 0x5D, 0xC3]),
            Part(name: ".rela" + shape.constructorSection, type: 4, payload: relocation(at: 5, symbol: 3, type: 4, addend: -4), link: symbolTable, info: code),
            Part(name: shape.arrayName, type: 14, payload: shape.arrayBytes ?? Array(repeating: 0, count: 8 * shape.arraySlots)),
            Part(name: ".rela" + shape.arrayName, type: 4,
                 payload: (0..<shape.relocatedSlots).flatMap { relocation(at: 8 * $0, symbol: 1, type: 1, addend: 0) }, link: symbolTable, info: 4),
            Part(name: ".symtab", type: 2, payload: symbols, link: 7, info: 2, entrySize: 24),
            Part(name: ".strtab", type: 3, payload: strings),
        ] + shape.extraSections.map { Part(name: $0, type: 14, payload: Array(repeating: 0, count: 8)) }
        // Section 0 is null, 1 the section-name table, then `parts` from 2 on.
        var names: [UInt8] = [0] + Array(".shstrtab".utf8) + [0]
        var nameOffsets: [Int] = []
        for part in parts {
            nameOffsets.append(names.count)
            names += Array(part.name.utf8) + [0]
        }
        parts.insert(Part(name: ".shstrtab", type: 3, payload: names), at: 0)
        nameOffsets.insert(1, at: 0)
        var body: [UInt8] = []
        var placed: [(offset: Int, size: Int)] = []
        for part in parts {
            placed.append((64 + body.count, part.payload.count))
            body += part.payload
        }
        let table = 64 + body.count
        var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1] + [UInt8](repeating: 0, count: 9)
        let fields: [(Int, Int)] = [(1, 2), (62, 2), (1, 4), (0, 8), (0, 8), (table, 8), (0, 4), (64, 2), (0, 2), (0, 2), (64, 2), (parts.count + 1, 2), (1, 2)]
        for (value, width) in fields { bytes += little(value, width) }
        bytes += body
        bytes += [UInt8](repeating: 0, count: 64)
        for (index, part) in parts.enumerated() {
            let words: [(Int, Int)] = [(nameOffsets[index], 4), (part.type, 4), (0, 8), (0, 8), (placed[index].offset, 8), (placed[index].size, 8),
                                       (part.link, 4), (part.info, 4), (8, 8), (part.entrySize, 8)]
            for (value, width) in words { bytes += little(value, width) }
        }
        return bytes
    }

    @Test func theSanitizersOwnConstructorIsAllowed() throws {
        let object = try ELFObject(Self.object(Shape()))
        #expect(object.startupSections == [".init_array.0"])
        #expect(try object.startupSectionsBesidesSanitizer().isEmpty)
        let slots = try object.relocations(applyingTo: 4)
        #expect(slots.count == 1 && slots.first?.target?.name == "tsan.module_ctor")
    }

    @Test func anotherFunctionInTheArrayIsRefused() throws {
        let renamed = try ELFObject(Self.object(Shape(constructorName: "learnerSetup")))
        #expect(try renamed.startupSectionsBesidesSanitizer() == [".init_array.0"])
        let elsewhere = try ELFObject(Self.object(Shape(constructorSection: ".text")))
        #expect(try elsewhere.startupSectionsBesidesSanitizer() == [".init_array.0"])
    }

    @Test func aConstructorThatCallsSomethingElseIsRefused() throws {
        let object = try ELFObject(Self.object(Shape(callee: "system")))
        #expect(try object.startupSectionsBesidesSanitizer() == [".init_array.0"])
    }

    @Test func everySlotMustBeTheConstructorAndNoAddressBeWrittenInline() throws {
        let unrelocated = try ELFObject(Self.object(Shape(arraySlots: 2, relocatedSlots: 1)))
        #expect(try unrelocated.startupSectionsBesidesSanitizer() == [".init_array.0"])
        let inline = try ELFObject(Self.object(Shape(arrayBytes: [0x10, 0, 0, 0, 0, 0, 0, 0])))
        #expect(try inline.startupSectionsBesidesSanitizer() == [".init_array.0"])
    }

    @Test func otherStartupSectionsBesideItAreStillRefused() throws {
        let object = try ELFObject(Self.object(Shape(extraSections: [".fini_array", ".preinit_array"])))
        #expect(try object.startupSectionsBesidesSanitizer() == [".fini_array", ".preinit_array"])
        let named = try ELFObject(Self.object(Shape(arrayName: ".ctors")))
        #expect(try named.startupSectionsBesidesSanitizer() == [".ctors"])
    }

    /// What the toolchain really emits: an instrumented Swift file passes, a C constructor
    /// compiled beside the same instrumentation does not.
    @Test(.enabled(if: (try? Toolchain.locate(environment: ProcessInfo.processInfo.environment)) != nil))
    func realInstrumentedObjects() throws {
        let toolchain = try Toolchain.locate(environment: ProcessInfo.processInfo.environment)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sanitizer-startup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = folder.appendingPathComponent("Racy.swift"), c = folder.appendingPathComponent("early.c")
        try Data("final class Box { var value = 0 }\nfunc bump(_ box: Box) { box.value += 1 }\n".utf8).write(to: swift)
        try Data("int seen;\n__attribute__((constructor)) static void early(void) { seen = 1; }\n".utf8).write(to: c)
        let runner = PosixProcessRunner()
        let environment = ProcessInfo.processInfo.environment
        let swiftObject = folder.appendingPathComponent("Racy.o"), cObject = folder.appendingPathComponent("early.o")
        let compiled = try runner.run(ProcessRequest(executable: toolchain.swiftc.path, arguments: HarnessBuilder.submissionFlags + HarnessBuilder.sanitizerFlags
            + ["-o", swiftObject.path, swift.path, "-module-cache-path", folder.appendingPathComponent("cache").path], environment: environment, workingDirectory: folder.path))
        #expect(compiled.termination == .exited(0), "\(compiled.outputText)")
        let instrumented = try ELFObject(contentsOf: swiftObject)
        #expect(!instrumented.startupSections.isEmpty)
        #expect(try instrumented.startupSectionsBesidesSanitizer().isEmpty)
        let built = try runner.run(ProcessRequest(executable: toolchain.clang.path, arguments: ["-c", "-fsanitize=thread", "-o", cObject.path, c.path],
                                                  environment: environment, workingDirectory: folder.path))
        #expect(built.termination == .exited(0), "\(built.outputText)")
        #expect(try !ELFObject(contentsOf: cObject).startupSectionsBesidesSanitizer().isEmpty)
    }
}
