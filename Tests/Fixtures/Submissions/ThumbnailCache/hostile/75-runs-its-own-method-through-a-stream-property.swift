// expect: error
// why: InputStream.setProperty(_:forKey: .fileCurrentOffsetKey) hands any object to CoreFoundation, which takes it for an NSNumber and calls its int64Value through the wrong class's method table, so a method of the file's own runs in its place with whatever the registers hold; the audit refuses Foundation's stream types (red team round 5)
// Red team round 5: InputStream.setProperty(_:forKey:) hands any object to CoreFoundation as a
// CFNumber; CFNumberGetValue sends a non-NSNumber to Foundation's _CFSwiftNumberGetValue, which
// unsafeDowncasts it to NSNumber and calls int64Value through the wrong class's vtable: one of
// this file's own methods runs in its place (or, with a final class, a jump to a data word).
import Foundation

class Impostor: NSObject {
    func m0() -> Int64 { print("m0 called in place of NSNumber.int64Value"); return 0 }
    func m1() -> Int64 { print("m1 called in place of NSNumber.int64Value"); return 1 }
    func m2() -> Int64 { print("m2 called in place of NSNumber.int64Value"); return 2 }
    func m3() -> Int64 { print("m3 called in place of NSNumber.int64Value"); return 3 }
    func m4() -> Int64 { print("m4 called in place of NSNumber.int64Value"); return 4 }
    func m5() -> Int64 { print("m5 called in place of NSNumber.int64Value"); return 5 }
    func m6() -> Int64 { print("m6 called in place of NSNumber.int64Value"); return 6 }
    func m7() -> Int64 { print("m7 called in place of NSNumber.int64Value"); return 7 }
    func m8() -> Int64 { print("m8 called in place of NSNumber.int64Value"); return 8 }
    func m9() -> Int64 { print("m9 called in place of NSNumber.int64Value"); return 9 }
    func m10() -> Int64 { print("m10 called in place of NSNumber.int64Value"); return 10 }
    func m11() -> Int64 { print("m11 called in place of NSNumber.int64Value"); return 11 }
    func m12() -> Int64 { print("m12 called in place of NSNumber.int64Value"); return 12 }
    func m13() -> Int64 { print("m13 called in place of NSNumber.int64Value"); return 13 }
    func m14() -> Int64 { print("m14 called in place of NSNumber.int64Value"); return 14 }
    func m15() -> Int64 { print("m15 called in place of NSNumber.int64Value"); return 15 }
    func m16() -> Int64 { print("m16 called in place of NSNumber.int64Value"); return 16 }
    func m17() -> Int64 { print("m17 called in place of NSNumber.int64Value"); return 17 }
    func m18() -> Int64 { print("m18 called in place of NSNumber.int64Value"); return 18 }
    func m19() -> Int64 { print("m19 called in place of NSNumber.int64Value"); return 19 }
    func m20() -> Int64 { print("m20 called in place of NSNumber.int64Value"); return 20 }
    func m21() -> Int64 { print("m21 called in place of NSNumber.int64Value"); return 21 }
    func m22() -> Int64 { print("m22 called in place of NSNumber.int64Value"); return 22 }
    func m23() -> Int64 { print("m23 called in place of NSNumber.int64Value"); return 23 }
    func m24() -> Int64 { print("m24 called in place of NSNumber.int64Value"); return 24 }
    func m25() -> Int64 { print("m25 called in place of NSNumber.int64Value"); return 25 }
    func m26() -> Int64 { print("m26 called in place of NSNumber.int64Value"); return 26 }
    func m27() -> Int64 { print("m27 called in place of NSNumber.int64Value"); return 27 }
    func m28() -> Int64 { print("m28 called in place of NSNumber.int64Value"); return 28 }
    func m29() -> Int64 { print("m29 called in place of NSNumber.int64Value"); return 29 }
    func m30() -> Int64 { print("m30 called in place of NSNumber.int64Value"); return 30 }
    func m31() -> Int64 { print("m31 called in place of NSNumber.int64Value"); return 31 }
    func m32() -> Int64 { print("m32 called in place of NSNumber.int64Value"); return 32 }
    func m33() -> Int64 { print("m33 called in place of NSNumber.int64Value"); return 33 }
    func m34() -> Int64 { print("m34 called in place of NSNumber.int64Value"); return 34 }
    func m35() -> Int64 { print("m35 called in place of NSNumber.int64Value"); return 35 }
    func m36() -> Int64 { print("m36 called in place of NSNumber.int64Value"); return 36 }
    func m37() -> Int64 { print("m37 called in place of NSNumber.int64Value"); return 37 }
    func m38() -> Int64 { print("m38 called in place of NSNumber.int64Value"); return 38 }
    func m39() -> Int64 { print("m39 called in place of NSNumber.int64Value"); return 39 }
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        let path = NSTemporaryDirectory() + "/offset.txt"
        _ = FileManager.default.createFile(atPath: path, contents: Data("hello world".utf8))
        if let stream = InputStream(fileAtPath: path) {
            stream.open()
            print("setProperty returned", stream.setProperty(Impostor(), forKey: .fileCurrentOffsetKey))
        }
    }
    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
