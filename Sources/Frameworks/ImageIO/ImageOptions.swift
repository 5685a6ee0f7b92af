import Foundation
import NSESimCFTypes

/// An options dictionary as apps pass it (`[kCGImageSourceThumbnailMaxPixelSize: 300] as CFDictionary`):
/// its values read as ImageIO reads them (numbers and booleans, bridged or not).
struct ImageOptions: Sendable {
    private let values: [String: JSONNumberish]

    private enum JSONNumberish: Sendable {
        case number(Double)
        case text(String)
    }

    init(_ dictionary: CFDictionary?) {
        var values: [String: JSONNumberish] = [:]
        for (key, value) in (dictionary as? [String: Any]) ?? [:] {
            if let number = value as? NSNumber {
                values[key] = .number(number.doubleValue)
            } else if let bool = value as? Bool {
                values[key] = .number(bool ? 1 : 0)
            } else if let int = value as? Int {
                values[key] = .number(Double(int))
            } else if let double = value as? Double {
                values[key] = .number(double)
            } else if let float = value as? CGFloat {
                values[key] = .number(Double(float))
            } else if let text = value as? String {
                values[key] = .text(text)
            }
        }
        self.values = values
    }

    init(_ values: [String: Double]) { self.values = values.mapValues { .number($0) } }

    /// The boolean at `key`, `otherwise` when absent.
    func bool(_ key: CFString, otherwise: Bool = false) -> Bool {
        guard case .number(let value)? = values[key as String] else { return otherwise }
        return value != 0
    }

    /// The number at `key`, if any.
    func number(_ key: CFString) -> Double? {
        guard case .number(let value)? = values[key as String] else { return nil }
        return value
    }

    /// The text at `key`, if any.
    func text(_ key: CFString) -> String? {
        guard case .text(let value)? = values[key as String] else { return nil }
        return value
    }
}

/// What `CGImageSourceCreateThumbnailAtIndex` makes of an image of `width` × `height` with these
/// options, pure: where the pixels come from, the size decoded (libjpeg-turbo's scaled decode for
/// a JPEG), the thumbnail's size and whether it is turned upright.
struct ThumbnailPlan: Sendable, Equatable {
    /// Where the thumbnail comes from.
    enum Origin: Sendable, Equatable {
        /// The thumbnail embedded in the file (EXIF).
        case embedded
        /// The full image, decoded (downscaled while decoding where the codec can).
        case image
        /// Nothing: no embedded thumbnail and neither creation option set.
        case none
    }

    var origin: Origin
    /// The thumbnail's size in pixels, before the orientation is applied.
    var width: Int, height: Int
    /// The side the decoder is asked to reach at least (0: full size).
    var minimumDecodedSide: Int
    /// Whether the EXIF orientation is applied.
    var transform: Bool

    init(width: Int, height: Int, hasEmbedded: Bool, options: ImageOptions) {
        let always = options.bool(kCGImageSourceCreateThumbnailFromImageAlways)
        let ifAbsent = options.bool(kCGImageSourceCreateThumbnailFromImageIfAbsent)
        if hasEmbedded, !always {
            origin = .embedded
        } else if always || ifAbsent {
            origin = .image
        } else {
            origin = .none
        }
        transform = options.bool(kCGImageSourceCreateThumbnailWithTransform)
        let longest = max(width, height)
        // A size that is not a finite number of at least one pixel is ignored, as a missing one.
        let limit =
            options.number(kCGImageSourceThumbnailMaxPixelSize).flatMap { $0.isFinite && $0 >= 1 ? Int(min($0, 1e9)) : nil }
            ?? longest
        if limit < longest {
            let scale = Double(limit) / Double(longest)
            self.width = max(1, Int((Double(width) * scale).rounded()))
            self.height = max(1, Int((Double(height) * scale).rounded()))
            minimumDecodedSide = limit
        } else {
            self.width = width
            self.height = height
            minimumDecodedSide = 0
        }
    }
}
