// expect: error
// why: attaches to its parent with ptrace (PTRACE_ATTACH) to read the runner's memory; ptrace is variadic in C and not callable from Swift, and its pointers would be refused anyway
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func attack() {
    _ = ptrace(PTRACE_ATTACH, getppid(), nil, nil)
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
