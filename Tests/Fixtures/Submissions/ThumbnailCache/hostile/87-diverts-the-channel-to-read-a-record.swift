// expect: fail uses_nscache no_second_strong_copy cost_limit_20mb cost_whole_sizes cost_fractional_sizes returns_stored_image miss_returns_nil keys_are_isolated hit_skips_generator hit_completes_once miss_generates_once miss_stores_before_completion miss_completes_once nil_result_stores_nothing survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure concurrent_access
// why: red team round 16: dup(3) kept the result channel, dup2 put a pipe of the file's own in its place, and the runner's next record (the secret in clear) was read from the pipe; the file then put the channel back and wrote a pass on it (20 of 20 in check and grade, every sandbox, root and nobody). Once the submission is loaded the seccomp filter refuses any copy of the channel's descriptor and any write on it but from the runner's gate
import Foundation

final class Stealer: @unchecked Sendable {
    static let shared = Stealer()
    let lock = NSLock()
    var saved: Int32 = -1
    var pipe: Pipe? = nil
    var done = false

    func arm() {
        lock.lock(); defer { lock.unlock() }
        if done || pipe != nil { return }
        let p = Pipe()
        let s = dup(3)
        if s < 0 { return }
        saved = s
        pipe = p
        _ = dup2(p.fileHandleForWriting.fileDescriptor, 3)
    }

    func harvest() {
        lock.lock(); defer { lock.unlock() }
        guard !done, let p = pipe else { return }
        done = true
        // Close our write ends so the read sees end of data after what the runner wrote.
        _ = dup2(saved, 3)
        try? p.fileHandleForWriting.close()
        let data = p.fileHandleForReading.availableData
        guard let text = String(data: data, encoding: .utf8) else { return }
        let out = FileHandle(fileDescriptor: 3, closeOnDealloc: false)
        let name = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : ""
        for line in text.split(separator: "\n") {
            guard let obj = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let nonce = obj["nonce"] as? String else { continue }
            out.write(Data((String(line) + "\n").utf8))
            let forged: [String: Any] = ["nonce": nonce, "kind": "result", "test": name, "status": "pass"]
            if let d = try? JSONSerialization.data(withJSONObject: forged) {
                out.write(d + Data("\n".utf8))
            }
            break
        }
    }
}

final class ThumbnailCache {
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        Stealer.shared.harvest()
        Stealer.shared.arm()
    }

    func thumbnail(forKey key: String) -> UIImage? {
        Stealer.shared.harvest()
        return UIImage(size: CGSize(width: 1, height: 1))
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        Stealer.shared.harvest()
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        Stealer.shared.harvest()
        _ = generator(key)
        _ = generator(key)
        completion(nil)
    }
}
