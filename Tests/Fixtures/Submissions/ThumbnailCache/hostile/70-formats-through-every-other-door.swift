// expect: error
// why: the other doors to C-style formatting, each of which reads an argument as its format says: NSString(format:), a format label in backticks, an initialiser bound to a function value, NSLog, localizedStringWithFormat, and a variadic of CVarArg passed on as a va_list; the audit refuses each
import Foundation

private func read(_ address: Int) -> String {
    NSString(format: "%s", address) as String
}

private func again(_ address: Int) -> String {
    String(`format`: "%s", address)
}

private let bound = String.init(format:arguments:)

private func forwarded(_ format: String, _ arguments: CVarArg...) -> String {
    withVaList(arguments) { NSString(format: format, arguments: $0) as String }
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        NSLog("%s", 0)
        _ = String.localizedStringWithFormat("%s", 0)
        _ = bound("%s", [0])
        _ = read(0) + again(0) + forwarded("%s", 0)
    }

    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
