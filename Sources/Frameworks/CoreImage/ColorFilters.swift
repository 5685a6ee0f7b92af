@_spi(NSESim) import CoreGraphics
import Foundation

/// The colour filters' pixel work, in place on a bitmap this render owns: each pixel's straight
/// components taken to linear light, changed, and encoded back; alpha is kept and clear pixels
/// stay clear. Filters that change each component on its own go through a 256-entry table.
enum ColorFilters {
    /// Rec. 709 luminance of linear components, Core Image's weights for grey.
    @inline(__always) static func luminance(_ r: Float, _ g: Float, _ b: Float) -> Float {
        0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    static func apply(_ operation: ColorOperation, to bitmap: Bitmap) {
        switch operation {
        case .exposure(let ev):
            let factor = Float(pow(2, Double(ev)))
            applyTable(to: bitmap) { ColorSpace.encode($0 * factor) }
        case .invert:
            applyTable(to: bitmap) { ColorSpace.encode(1 - $0) }
        case .controls(saturation: 1, let brightness, let contrast):
            applyTable(to: bitmap) { ColorSpace.encode((($0 + brightness) - 0.5) * contrast + 0.5) }
        case .controls(let saturation, let brightness, let contrast):
            applyPixels(to: bitmap) { r, g, b in
                let grey = luminance(r, g, b)
                func adjust(_ c: Float) -> Float { ((grey + (c - grey) * saturation + brightness) - 0.5) * contrast + 0.5 }
                return (adjust(r), adjust(g), adjust(b))
            }
        case .sepia(let intensity):
            // The sepia matrix works on sRGB-encoded values.
            applyPixels(to: bitmap) { r, g, b in
                let (sr, sg, sb) = (ColorSpace.decodedToSRGB(r), ColorSpace.decodedToSRGB(g), ColorSpace.decodedToSRGB(b))
                let tr = 0.393 * sr + 0.769 * sg + 0.189 * sb
                let tg = 0.349 * sr + 0.686 * sg + 0.168 * sb
                let tb = 0.272 * sr + 0.534 * sg + 0.131 * sb
                func mix(_ original: Float, _ toned: Float) -> Float {
                    ColorSpace.toLinear(min(original + (toned - original) * intensity, 1))
                }
                return (mix(sr, tr), mix(sg, tg), mix(sb, tb))
            }
        case .monochrome(let red, let green, let blue, let intensity):
            let (cr, cg, cb) = (ColorSpace.toLinear(red), ColorSpace.toLinear(green), ColorSpace.toLinear(blue))
            applyPixels(to: bitmap) { r, g, b in
                let grey = luminance(r, g, b)
                return (r + (grey * cr - r) * intensity, g + (grey * cg - g) * intensity, b + (grey * cb - b) * intensity)
            }
        case .photoMono:
            applyPixels(to: bitmap) { r, g, b in
                let grey = luminance(r, g, b)
                return (grey, grey, grey)
            }
        }
    }

    /// Each colour component through `change` (linear in, linear out), by a table of the 256 bytes.
    private static func applyTable(to bitmap: Bitmap, _ change: (Float) -> UInt8) {
        let table = ColorSpace.linear.map(change)
        let bytes = bitmap.pixels
        table.withUnsafeBufferPointer { table in
            for i in 0..<(bitmap.width * bitmap.height) where bytes[4 * i + 3] != 0 {
                bytes[4 * i] = table[Int(bytes[4 * i])]
                bytes[4 * i + 1] = table[Int(bytes[4 * i + 1])]
                bytes[4 * i + 2] = table[Int(bytes[4 * i + 2])]
            }
        }
    }

    /// Each pixel's linear components through `change`.
    private static func applyPixels(to bitmap: Bitmap, _ change: (Float, Float, Float) -> (Float, Float, Float)) {
        let bytes = bitmap.pixels
        ColorSpace.linear.withUnsafeBufferPointer { linear in
            for i in 0..<(bitmap.width * bitmap.height) where bytes[4 * i + 3] != 0 {
                let (r, g, b) = change(linear[Int(bytes[4 * i])], linear[Int(bytes[4 * i + 1])], linear[Int(bytes[4 * i + 2])])
                bytes[4 * i] = ColorSpace.encode(r)
                bytes[4 * i + 1] = ColorSpace.encode(g)
                bytes[4 * i + 2] = ColorSpace.encode(b)
            }
        }
    }
}

/// Porter-Duff source over, on premultiplied linear values: result = top + bottom × (1 - top's alpha).
enum Compositing {
    /// `top` (the same size) drawn over `bottom`, in place.
    static func over(_ top: Bitmap, onto bottom: Bitmap) {
        let (t, b) = (top.pixels, bottom.pixels)
        ColorSpace.linear.withUnsafeBufferPointer { linear in
            for i in 0..<(bottom.width * bottom.height) {
                let p = 4 * i
                let alpha = t[p + 3]
                if alpha == 0 { continue }
                if alpha == 255 || b[p + 3] == 0 {
                    (b[p], b[p + 1], b[p + 2], b[p + 3]) = (t[p], t[p + 1], t[p + 2], t[p + 3])
                    continue
                }
                let ta = Float(alpha) / 255
                let ba = Float(b[p + 3]) / 255
                let outAlpha = ta + ba * (1 - ta)
                for c in 0..<3 {
                    let value = (linear[Int(t[p + c])] * ta + linear[Int(b[p + c])] * ba * (1 - ta)) / outAlpha
                    b[p + c] = ColorSpace.encode(value)
                }
                b[p + 3] = ColorSpace.byte(outAlpha)
            }
        }
    }

    /// `color` (straight sRGB) drawn over every pixel of `bottom`, in place.
    static func over(color: RGBA, onto bottom: Bitmap) {
        let ta = Float(min(max(color.alpha, 0), 1))
        guard ta > 0 else { return }
        let top = [color.red, color.green, color.blue].map { ColorSpace.toLinear(Float(min(max($0, 0), 1))) }
        let bytes8 = (color.red8, color.green8, color.blue8, color.alpha8)
        let b = bottom.pixels
        ColorSpace.linear.withUnsafeBufferPointer { linear in
            for i in 0..<(bottom.width * bottom.height) {
                let p = 4 * i
                if ta >= 1 || b[p + 3] == 0 {
                    (b[p], b[p + 1], b[p + 2], b[p + 3]) = bytes8
                    continue
                }
                let ba = Float(b[p + 3]) / 255
                let outAlpha = ta + ba * (1 - ta)
                for c in 0..<3 {
                    b[p + c] = ColorSpace.encode((top[c] * ta + linear[Int(b[p + c])] * ba * (1 - ta)) / outAlpha)
                }
                b[p + 3] = ColorSpace.byte(outAlpha)
            }
        }
    }
}
