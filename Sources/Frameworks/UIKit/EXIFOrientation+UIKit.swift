@_spi(NSESim) import CoreGraphics

extension EXIFOrientation {
    /// The EXIF orientation of a UIKit one.
    static func exif(_ orientation: UIImage.Orientation) -> Int {
        (1...8).first { imageOrientation($0) == orientation } ?? 1
    }

    /// UIKit's orientation for an EXIF one.
    static func imageOrientation(_ exif: Int) -> UIImage.Orientation {
        switch exif {
        case 2: .upMirrored
        case 3: .down
        case 4: .downMirrored
        case 5: .leftMirrored
        case 6: .right
        case 7: .rightMirrored
        case 8: .left
        default: .up
        }
    }
}
