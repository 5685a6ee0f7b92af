@_spi(NSESim) import CoreGraphics
import Foundation

extension UIImage {
    /// Decodes the file at `path`; its scale is 2 or 3 when the name ends in `@2x` or `@3x`,
    /// as on iOS. Nil when the file is missing or not an image.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else {
            ImageReport.notAnImage(bytes: 0, source: "file", reason: "no such file", path: path)
            return nil
        }
        guard let (bitmap, format, orientation) = Self.decode(data, source: "file", path: path) else { return nil }
        self.init(
            bitmap: bitmap, scale: Self.scale(ofFileNamed: path), format: format,
            orientation: EXIFOrientation.imageOrientation(orientation))
        ImageReport.decoded(bitmap, format: format, bytes: data.count, scale: scale, source: "file", path: path)
    }

    /// The image `name` from the extension's bundle: a file (`name`, `name@3x`, `name@2x`, with
    /// or without an image extension) or an asset catalog's image set, the screen's scale first.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The image `name` from `bundle` (the extension's when nil).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        let folder = (bundle ?? .main).bundleURL
        guard let file = ImageLookup(folder: folder, screenScale: UIScreen.main.scale).file(named: name) else {
            ImageReport.notAnImage(bytes: 0, source: "named", reason: "no image named \(name) in \(folder.path)", path: name)
            return nil
        }
        guard let data = FileManager.default.contents(atPath: file.url.path),
            let (bitmap, format, orientation) = Self.decode(data, source: "named", path: file.url.path)
        else { return nil }
        self.init(bitmap: bitmap, scale: file.scale, format: format, orientation: EXIFOrientation.imageOrientation(orientation))
        ImageReport.decoded(bitmap, format: format, bytes: data.count, scale: scale, source: "named", path: file.url.path)
    }

    /// 3 for `photo@3x.png`, 2 for `photo@2x.jpg`, else 1.
    static func scale(ofFileNamed path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }
}

/// Traits an image may be asked for; nsesim's screen has one set.
public final class UITraitCollection: NSObject, @unchecked Sendable {
    /// The screen's scale.
    public let displayScale: CGFloat

    /// Traits with `displayScale`.
    public init(displayScale: CGFloat) {
        self.displayScale = displayScale
        super.init()
    }

    /// The traits of nsesim's screen.
    public static var current: UITraitCollection { UITraitCollection(displayScale: UIScreen.main.scale) }
}
