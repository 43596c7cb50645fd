// expect: error
// why: Foundation on Linux takes an NSRange on trust: NSData.subdata(with:) copies from wherever location and length point, so a range before or past the data's bytes reads the heap around it (where the runner keeps the channel's secret), and NSMutableData.resetBytes(in:) zeroes it; a review of swift-corelibs-foundation found both. The range here comes from a calendar and a search of another string, and is moved by hand, so no NSRange is ever written; the audit refuses every method that takes one
import Foundation

final class ThumbnailCache {
    private let generator: (String) -> UIImage?
    private let cache = NSCache<NSString, UIImage>()

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        let small = NSData(data: Data([1, 2, 3, 4]))
        var window = NSCalendar(identifier: .gregorian)!.range(of: .day, in: .year, for: Date())
        window.location = -4096
        let around = small.subdata(with: window)
        let scratch = NSMutableData(length: 8)!
        scratch.resetBytes(in: ("a long line of text" as NSString).range(of: "text"))
        _ = around.count
    }

    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
