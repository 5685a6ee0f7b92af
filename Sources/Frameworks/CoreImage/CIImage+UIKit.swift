@_spi(NSESim) import CoreGraphics
import Foundation
import UIKit

// UIKit's additions to Core Image and Core Image's to UIKit (on iOS in UIKit; here in CoreImage,
// which depends on UIKit).

extension CIColor {
    /// The colour a `UIColor` is.
    public convenience init(color: UIColor) {
        var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 1)
        _ = color.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
}

extension CIImage {
    /// The image's pixels (upright, as UIKit keeps them), or nil for an image without pixels.
    public convenience init?(image: UIImage) {
        guard let cgImage = image.cgImage else { return nil }
        self.init(cgImage: cgImage)
    }

    /// The image's pixels (the options are accepted and not needed here).
    public convenience init?(image: UIImage, options: [CIImageOption: Any]?) {
        self.init(image: image)
    }
}

extension UIColor {
    /// The colour a `CIColor` is.
    public convenience init(ciColor: CIColor) {
        self.init(red: ciColor.red, green: ciColor.green, blue: ciColor.blue, alpha: ciColor.alpha)
    }
}

extension UIImage {
    /// An image of a `CIImage` at scale 1; see `init(ciImage:scale:orientation:)`.
    public convenience init(ciImage: CIImage) {
        self.init(ciImage: ciImage, scale: 1, orientation: .up)
    }

    /// An image of a `CIImage`, rendered at once over its extent (iOS renders it when drawn; the
    /// pixels are the same, and `cgImage` is there too). `ciImage` gives the recipe back. An
    /// infinite extent gives an empty image, reported.
    public convenience init(ciImage: CIImage, scale: CGFloat, orientation: UIImage.Orientation) {
        if let bitmap = CIImageBacking.context.render(ciImage, from: ciImage.extent, api: "UIImage(ciImage:)") {
            self.init(cgImage: CGImage(bitmap: bitmap), scale: scale, orientation: orientation)
        } else {
            self.init()
        }
        CIImageBacking.remember(ciImage, for: self)
    }

    /// The `CIImage` the image was made from with `UIImage(ciImage:)`, else nil (as on iOS for
    /// an image of a `CGImage` or decoded data).
    public var ciImage: CIImage? { CIImageBacking.image(for: self) }
}

/// Which `UIImage`s were made from which `CIImage` (UIKit's images here keep no recipe).
enum CIImageBacking {
    /// The context `UIImage(ciImage:)` renders with.
    static let context = CIContext(options: nil)

    private struct Entry {
        weak var image: UIImage?
        let recipe: CIImage
    }

    /// The entries, under `lock`.
    private nonisolated(unsafe) static var entries: [ObjectIdentifier: Entry] = [:]
    private static let lock = NSLock()

    static func remember(_ recipe: CIImage, for image: UIImage) {
        lock.lock()
        defer { lock.unlock() }
        entries = entries.filter { $0.value.image != nil }
        entries[ObjectIdentifier(image)] = Entry(image: image, recipe: recipe)
    }

    static func image(for image: UIImage) -> CIImage? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[ObjectIdentifier(image)], entry.image === image else { return nil }
        return entry.recipe
    }
}
