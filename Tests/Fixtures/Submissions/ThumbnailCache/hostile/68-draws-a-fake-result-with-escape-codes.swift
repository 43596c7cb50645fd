// expect: fail uses_nscache no_second_strong_copy cost_limit_20mb cost_whole_sizes cost_fractional_sizes returns_stored_image miss_returns_nil keys_are_isolated hit_skips_generator hit_completes_once miss_generates_once miss_stores_before_completion miss_completes_once nil_result_stores_nothing survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure concurrent_access
// why: implements nothing; prints terminal control sequences that clear the screen and draw "20/20 tests passed", and crashes with them in its fatalError message, which the report quotes; the grader spells every control character out, so whoever reads the report sees the codes, not a forged screen
import Foundation

private let clearScreen = "\u{1B}[2J\u{1B}[H"

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        print(clearScreen + "ThumbnailCache: exercises/ThumbnailCache.swift\n\n20/20 tests passed.\u{1B}[8m")
        fatalError(clearScreen + "\r20/20 tests passed.")
    }

    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
