import Testing
@testable import TutorGrading

/// The second reading of a learner's file: the compiler's own parse tree, searched for what
/// the audit refuses.
@Suite struct CompilerParseCheckTests {
    @Test func refusedNodesAreFoundAtTheirPlace() {
        let dump = """
        (source_file "ThumbnailCache.swift"
          (func_decl decl_context=0x1 range=[ThumbnailCache.swift:1:21 - line:1:42] "b()"
            (silgen_name_attr range=[ThumbnailCache.swift:1:2 - line:1:20] "write"))
            (unsafe_expr type="<null>"
              (member_ref_expr range=[ThumbnailCache.swift:2:48 - line:2:50])
          (var_decl decl_context=0x2 range=[ThumbnailCache.swift:3:25 - line:3:25] "g" top_level_global nonisolated(unsafe)
            (nonisolated_attr range=[ThumbnailCache.swift:3:1 - line:3:19] unsafe)))
          (var_decl range=[ThumbnailCache.swift:4:5 - line:4:5] "z"
            (reference_ownership_attr range=[ThumbnailCache.swift:4:11 - line:4:25] unowned(unsafe)))
        """
        let found = CompilerParseCheck.findings(in: dump)
        #expect(found.map(\.construct) == ["@_silgen_name", "unsafe", "nonisolated(unsafe)", "unowned(unsafe)"])
        #expect(found.first.map { ($0.line, $0.column) } ?? (0, 0) == (1, 2))
        #expect(found[1].line == 1 && found[1].column == 1, "a node without a range is placed at the file's start")
        #expect(found[2].line == 3 && found[2].column == 1)
    }

    /// Key paths and C-style formatting: refused in a graded file by both parsers' readings,
    /// as the forgeries they made were (hostile fixtures 66 and 69); a lesson's example may use them.
    @Test func keyPathsAndFormatArgumentsAreRefusedInGradedFilesOnly() {
        let dump = """
        (source_file "ThumbnailCache.swift"
          (pattern_binding_decl range=[ThumbnailCache.swift:2:1 - line:2:20]
            (original_init=keypath_expr type="<null>" range=[ThumbnailCache.swift:2:9 - line:2:14]
            (processed_init=keypath_expr type="<null>" range=[ThumbnailCache.swift:2:9 - line:2:14]
          (call_expr range=[ThumbnailCache.swift:3:9 - line:3:30]
            (argument_list labels="format:_:"
              (argument label="format"
                (string_literal_expr range=[ThumbnailCache.swift:3:24 - line:3:27] value="%s"))
        """
        let graded = CompilerParseCheck.findings(in: dump, graded: true)
        #expect(graded.map(\.construct) == ["a key path", "a format: argument"])
        #expect(graded.first.map { ($0.line, $0.column) } ?? (0, 0) == (2, 9))
        #expect(CompilerParseCheck.findings(in: dump).isEmpty)
    }

    @Test func stringsThatLookLikeNodesAndSafeAttributesAreNotRefused() {
        let dump = """
        (source_file "ThumbnailCache.swift"
          (pattern_binding_decl range=[ThumbnailCache.swift:1:1 - line:1:9]
            (original_init=string_literal_expr type="<null>" encoding=utf8 value="(unsafe_expr\\n (cdecl_attr" initializer))
          (func_decl range=[ThumbnailCache.swift:2:1 - line:2:30] "ok()"
            (available_attr range=[ThumbnailCache.swift:2:2 - line:2:25])
            (discardable_result_attr range=[ThumbnailCache.swift:3:2 - line:3:19])
            (reference_ownership_attr range=[ThumbnailCache.swift:4:2 - line:4:8] weak))
        """
        #expect(CompilerParseCheck.findings(in: dump).isEmpty)
    }
}
