@_spi(NSESim) import CoreGraphics
import Foundation

/// A rectangle of whole pixels in Core Image's coordinates (origin at the bottom left, y up):
/// the region a render step computes.
struct PixelBox: Equatable, Sendable {
    var x: Int, y: Int, width: Int, height: Int

    /// The farthest a coordinate goes: an infinite extent is this wide.
    static let limit = 1 << 30

    /// The pixels `rect` touches (rounded outwards); empty for a null rectangle, clamped for an infinite one.
    init(covering rect: CGRect) {
        guard !rect.isNull, !rect.isEmpty else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        func clamp(_ value: CGFloat) -> Int {
            guard value.isFinite else { return value < 0 ? -Self.limit : Self.limit }
            return Int(min(max(value, CGFloat(-Self.limit)), CGFloat(Self.limit)))
        }
        let minX = clamp((rect.minX + 1e-6).rounded(.down))
        let minY = clamp((rect.minY + 1e-6).rounded(.down))
        let maxX = clamp((rect.maxX - 1e-6).rounded(.up))
        let maxY = clamp((rect.maxY - 1e-6).rounded(.up))
        self.init(x: minX, y: minY, width: max(maxX - minX, 0), height: max(maxY - minY, 0))
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var isEmpty: Bool { width <= 0 || height <= 0 }
    var pixelCount: Int { width * height }

    /// The pixels both boxes have (empty when none).
    func intersection(_ other: PixelBox) -> PixelBox {
        let minX = max(x, other.x)
        let minY = max(y, other.y)
        let maxX = min(self.maxX, other.maxX)
        let maxY = min(self.maxY, other.maxY)
        return PixelBox(x: minX, y: minY, width: max(maxX - minX, 0), height: max(maxY - minY, 0))
    }

    /// The box grown by `amount` pixels on every side.
    func outset(by amount: Int) -> PixelBox {
        PixelBox(x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount)
    }

    /// The pixels of `extent` nearest to the box's: the box itself where it is inside, its
    /// edge rows and columns where it reaches past (empty for an empty extent).
    func clamped(into extent: PixelBox) -> PixelBox {
        guard !extent.isEmpty else { return extent }
        func clampX(_ x: Int) -> Int { min(max(x, extent.x), extent.maxX - 1) }
        func clampY(_ y: Int) -> Int { min(max(y, extent.y), extent.maxY - 1) }
        let minX = clampX(x)
        let maxX = clampX(self.maxX - 1)
        let minY = clampY(y)
        let maxY = clampY(self.maxY - 1)
        return PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The box moved.
    func offset(dx: Int, dy: Int) -> PixelBox { PixelBox(x: x + dx, y: y + dy, width: width, height: height) }

    /// The box as a `CGRect`.
    var rect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}

/// A computed region: a bitmap whose pixels are exactly a `PixelBox` (its top row the box's
/// highest), and whether this render owns it (may change it) or shares it with a `CGImage`.
struct Tile {
    let bitmap: Bitmap
    let owned: Bool

    /// A bitmap this render may change: this one when owned, else a copy.
    func writable() throws(ImageLibraryError) -> Bitmap {
        if owned { return bitmap }
        guard let copy = bitmap.copy() else {
            throw ImageLibraryError(message: "no memory to copy a \(bitmap.width)×\(bitmap.height) image")
        }
        return copy
    }
}

extension Bitmap {
    /// The straight-alpha RGBA bytes, rows top to bottom without padding (the C bridge's
    /// `struct image { int width, height; unsigned char *pixels; }`).
    var pixels: UnsafeMutablePointer<UInt8> {
        pointer.load(fromByteOffset: MemoryLayout<BridgeImage>.offset(of: \BridgeImage.pixels)!, as: UnsafeMutablePointer<UInt8>.self)
    }

    /// The first byte of row `row` (0 the top).
    func row(_ row: Int) -> UnsafeMutablePointer<UInt8> { pixels + row * width * 4 }
}

/// The C bridge's image header, laid out as C lays it out.
private struct BridgeImage {
    var width: Int32
    var height: Int32
    var pixels: UnsafeMutablePointer<UInt8>
}
