// A lesson example as `run` compiles it: declarations at file scope, statements in
// `_cachetutorExample()`. Building the harness compiles this to prove the adapter works.
import Foundation

func _cachetutorExample() throws {
    let cache = NSCache<NSString, NSString>()
    cache.countLimit = 1
    cache.setObject("a", forKey: "a")
    cache.setObject("b", forKey: "b")
    print(cache.object(forKey: "a") == nil ? "a was evicted" : "a is still there")
}
