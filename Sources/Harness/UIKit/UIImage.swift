@_exported import Foundation

/// cachetutor's stand-in for UIKit's `UIImage` on Linux: an immutable value with a size
/// and a scale, enough to cache, to compute a cost from and to compare by identity.
///
///     let image = UIImage(size: CGSize(width: 120, height: 80))
///     let cost = Int(image.size.width * image.size.height) * 4
public final class UIImage: @unchecked Sendable {
    /// The image's size in points.
    public let size: CGSize
    /// How many pixels make one point (1 unless given).
    public let scale: CGFloat

    /// An image of `size` points at `scale`.
    public init(size: CGSize, scale: CGFloat = 1) {
        self.size = size
        self.scale = scale
    }
}
