// expect: error
// why: tears a generic enum held in a local variable that a concurrentPerform closure captures: such captures are checked for overlap only at compile time, so two iterations could store and copy it at once; the audit refuses concurrentPerform
import Foundation

private enum Slot<Extra> {
    case text(Extra, String)
    case pair(Extra, Int, Int)
}

private func tornString<Extra>(_ extra: Extra, address: Int, length: Int) -> String? {
    var slot = Slot<Extra>.text(extra, "")
    var found: String?
    DispatchQueue.concurrentPerform(iterations: 2) { iteration in
        for _ in 0..<1_000_000 where found == nil {
            if iteration == 0 {
                slot = .pair(extra, Int(bitPattern: 0xD000_0000_0000_0000 | UInt(length)), address)
                slot = .text(extra, "")
            } else if case let .text(_, text) = slot, text.utf8.count == length {
                found = text
            }
        }
    }
    return found
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        _ = tornString((1, 2, 3), address: 0, length: 8)
    }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        completion(nil)
    }
}
