// Compiled together with the learner's ImageLoader.swift, in module Submission.
//
// The typealiases make `NSCache`, `NSCacheDelegate` and `UIImage` mean the course's engine
// and stand-in: a declaration in the current module wins over Foundation's, and a learner
// file that declares its own `NSCache` is a redeclaration error. `NSLock`, `NSRecursiveLock`
// and `Mutex` are Foundation's locks with one grading switch (see HandoffLock), and the
// extensions below give `DispatchQueue.sync` and `DispatchSemaphore` the same: a test can stop
// a load right after it unlocks, after a `sync` block returns or after it signals a semaphore,
// to see whether its check and its insert were one step. Every line that touches
// the exercise's API ends with `// expects:` and the declaration it needs, so a compiler
// error there tells the learner exactly which member is missing or has the wrong shape.
//
// Two helper types run the other way: they show the tests' fake downloader to the
// learner's code as an `ImageDownloading` that returns `Cancellable` tasks.
import CacheEngine
import CachetutorHarness
import Foundation
import UIKit

typealias NSCache = CacheEngine.Cache
typealias NSCacheDelegate = CacheEngine.CacheDelegate
typealias UIImage = UIKit.UIImage
typealias NSLock = CachetutorHarness.HandoffLock
typealias NSRecursiveLock = CachetutorHarness.HandoffRecursiveLock
typealias Mutex = CachetutorHarness.HandoffMutex

// Declared in the learner's module, these win over Dispatch's own `sync` for every call in
// the file (a file that declares them too gets a redeclaration error).
extension DispatchQueue {
    func sync(execute work: () -> Void) {
        CachetutorHarness.HandoffQueue.sync(self, execute: work)
    }
    func sync<T>(execute work: () throws -> T) rethrows -> T {
        try CachetutorHarness.HandoffQueue.sync(self, execute: work)
    }
    func sync<T>(flags: DispatchWorkItemFlags, execute work: () throws -> T) rethrows -> T {
        try CachetutorHarness.HandoffQueue.sync(self, flags: flags, execute: work)
    }
}

extension DispatchSemaphore {
    func wait() {
        CachetutorHarness.HandoffSemaphore.wait(self)
    }
    func wait(timeout: DispatchTime) -> DispatchTimeoutResult {
        CachetutorHarness.HandoffSemaphore.wait(self, timeout: timeout)
    }
    func wait(wallTimeout: DispatchWallTime) -> DispatchTimeoutResult {
        CachetutorHarness.HandoffSemaphore.wait(self, wallTimeout: wallTimeout)
    }
    @discardableResult
    func signal() -> Int {
        CachetutorHarness.HandoffSemaphore.signal(self)
    }
}

final class _CachetutorSubjectAdapter: CachetutorHarness.ImageLoaderSubject {
    let subject: ImageLoader // expects: final class ImageLoader
    var instance: AnyObject { subject } // expects: final class ImageLoader
    init(source: any CachetutorHarness.ImageLoaderTestSource, costLimit: Int) {
        let downloader = _CachetutorDownloader(source: source)
        subject = ImageLoader(downloader: downloader, costLimit: costLimit) // expects: init(downloader: ImageDownloading, costLimit: Int)
    }
    var evictionCount: Int {
        subject.evictionCount // expects: var evictionCount: Int { get }
    }
    func cachedImage(for url: URL) -> UIKit.UIImage? {
        subject.cachedImage(for: url) // expects: func cachedImage(for url: URL) -> UIImage?
    }
    func load(_ url: URL, completion: @escaping (UIKit.UIImage?) -> Void) -> () -> Void {
        let token: Cancellable = subject.load(url, completion: completion) // expects: func load(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable
        return { token.cancel() } // expects: protocol Cancellable: AnyObject { func cancel() }
    }
    func invalidate(_ url: URL) {
        subject.invalidate(url) // expects: func invalidate(_ url: URL)
    }
}

/// The tests' fake downloader, as the learner's `ImageDownloading`.
final class _CachetutorDownloader: ImageDownloading { // expects: protocol ImageDownloading: AnyObject { func download(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable }
    let source: any CachetutorHarness.ImageLoaderTestSource
    init(source: any CachetutorHarness.ImageLoaderTestSource) {
        self.source = source
    }
    func download(_ url: URL, completion: @escaping (UIKit.UIImage?) -> Void) -> Cancellable { // expects: protocol ImageDownloading: AnyObject { func download(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable }
        _CachetutorDownloadTask(cancel: source.download(url, completion: completion))
    }
}

/// One download of the fake downloader, as the learner's `Cancellable`.
final class _CachetutorDownloadTask: Cancellable { // expects: protocol Cancellable: AnyObject { func cancel() }
    private let cancelAction: () -> Void
    init(cancel: @escaping () -> Void) {
        cancelAction = cancel
    }
    func cancel() { // expects: protocol Cancellable: AnyObject { func cancel() }
        cancelAction()
    }
}
