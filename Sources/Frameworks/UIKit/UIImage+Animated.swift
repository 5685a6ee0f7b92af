@_spi(NSESim) import CoreGraphics
import Foundation

extension UIImage {
    /// An animated image of `images` played in `duration` seconds (`UIImage.animatedImage(with:duration:)`):
    /// its size and scale are the first frame's, and it draws and encodes as the first frame,
    /// as on iOS. Nil when `images` is empty.
    public class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first, let bitmap = first.bitmap else { return nil }
        return AnimatedImage(frames: images, duration: duration, bitmap: bitmap, scale: first.scale)
    }
}

/// An image made of frames (`UIImage.animatedImage(with:duration:)`).
final class AnimatedImage: UIImage, @unchecked Sendable {
    private let frames: [UIImage]
    private let totalDuration: TimeInterval

    init(frames: [UIImage], duration: TimeInterval, bitmap: Bitmap, scale: CGFloat) {
        self.frames = frames
        self.totalDuration = duration
        super.init(bitmap: bitmap, scale: scale)
    }

    override var images: [UIImage]? { frames }
    override var duration: TimeInterval { totalDuration }
}
