@_spi(NSESim) import CoreGraphics
import Foundation

extension UIImage {
    /// The image as PNG data (with alpha unless the image is opaque); nil for an empty image.
    public func pngData() -> Data? { encoded(as: .png, quality: nil) }

    /// The image as JPEG data at `compressionQuality` (0 smallest, 1 best); alpha is dropped
    /// (transparent pixels turn black, as on iOS). Nil for an empty image.
    public func jpegData(compressionQuality: CGFloat) -> Data? { encoded(as: .jpeg, quality: Double(compressionQuality)) }

    private func encoded(as format: ImageFormat, quality: Double?) -> Data? {
        guard let bitmap else { return nil }
        guard let data = bitmap.encoded(as: format, quality: quality ?? 1) else { return nil }
        ImageReport.encoded(bitmap, format: format, quality: quality, bytes: data.count)
        return data
    }
}
