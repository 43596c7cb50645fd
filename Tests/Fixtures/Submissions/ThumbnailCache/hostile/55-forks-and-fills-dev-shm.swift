// expect: fail uses_nscache no_second_strong_copy cost_limit_20mb cost_whole_sizes cost_fractional_sizes returns_stored_image miss_returns_nil keys_are_isolated hit_skips_generator hit_completes_once miss_generates_once miss_stores_before_completion miss_completes_once nil_result_stores_nothing survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure concurrent_access
// why: four forked children each touch 700 MB (a per-process limit would let them add up), and the test writes 3 GB into /dev/shm (a tmpfs of half the RAM under bubblewrap's --dev); implements nothing
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        var children = 0
        for _ in 0..<4 {
            let pid = fork()
            if pid == 0 {
                var hoard = [UInt8](repeating: 1, count: 700 << 20)
                hoard[hoard.count - 1] = 2
                sleep(30)
                _exit(Int32(hoard[0]))
            }
            if pid > 0 { children += 1 }
        }
        var written = 0
        if let shm = FileHandle(forWritingAtPath: "/dev/shm/hoard") ?? (FileManager.default.createFile(atPath: "/dev/shm/hoard", contents: nil) ? FileHandle(forWritingAtPath: "/dev/shm/hoard") : nil) {
            let block = Data(count: 64 << 20)
            while written < 3 << 30, (try? shm.write(contentsOf: block)) != nil { written += block.count }
        }
        FileHandle.standardError.write(Data("forked \(children), wrote \(written >> 20) MB to /dev/shm\n".utf8))
        exit(0)
    }

    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
