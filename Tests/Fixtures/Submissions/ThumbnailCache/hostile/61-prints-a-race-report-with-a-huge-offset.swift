// expect: fail uses_nscache no_second_strong_copy cost_limit_20mb cost_whole_sizes cost_fractional_sizes returns_stored_image miss_returns_nil keys_are_isolated hit_skips_generator hit_completes_once miss_generates_once miss_stores_before_completion miss_completes_once nil_result_stores_nothing survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure concurrent_access
// why: prints text shaped like a ThreadSanitizer report, with a frame offset near Int.max, and exits with the sanitizer's exit code (66) in every test, in both runners; the grader read it as a report and its symbolizer arithmetic overflowed, killing the grader (SIGILL, exit 132) in check and in a class's grade; now a report counts only with the sanitizer's own record on the result channel, so each test just exited before reporting, and offsets past any compiled file are ignored
import Foundation

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        let report = """
        ==================
        WARNING: ThreadSanitizer: data race (pid=2)
          Write of size 8 at 0x7b0400000010 by thread T1:
            #0 <null> <null> (Submission.so+0x7ffffffffffffff0)
          Previous read of size 8 at 0x7b0400000010 by thread T2:
            #0 <null> <null> (Submission.so+0x10)
        SUMMARY: ThreadSanitizer: data race
        ==================
        """
        FileHandle.standardError.write(Data((report + "\n").utf8))
        exit(66)
    }
    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
