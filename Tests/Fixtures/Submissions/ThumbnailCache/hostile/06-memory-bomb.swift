// expect: fail uses_nscache no_second_strong_copy cost_limit_20mb cost_whole_sizes cost_fractional_sizes returns_stored_image miss_returns_nil keys_are_isolated hit_skips_generator hit_completes_once miss_generates_once miss_stores_before_completion miss_completes_once nil_result_stores_nothing survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure concurrent_access
// why: fills memory 64 MB at a time, touching every page, as soon as it is created
import Foundation

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private var hoard: [[UInt8]] = []

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
        while true {
            hoard.append([UInt8](repeating: 0xAB, count: 64 << 20))
        }
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
