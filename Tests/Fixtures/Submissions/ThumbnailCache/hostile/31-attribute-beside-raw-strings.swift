// expect: error
// why: hides @_cdecl and @_silgen_name after raw strings whose quotes and backslashes fool a naive lexer (#"\"#, ##""#"##, a multi-line raw string)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private let a = #"\"#; @_cdecl("cachetutor_hidden_a") func hiddenA() {}
private let b = ##""#"##; @_silgen_name("write") private func rawWrite(_ descriptor: Int32, _ text: String, _ count: Int) -> Int
private let c = #"""
    """ @_cdecl("not_really") "#
    """#; @_cdecl("cachetutor_hidden_c") func hiddenC() {}
private let d = "\"; @_cdecl(\"inside\")"; @_used @_section("__DATA,__mod_init_func") let e = 1

private func attack() { _ = rawWrite(3, a + b + c + d, 6) }

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
