@_spi(NSESim) import CoreGraphics
import Foundation

/// `transformed(by:)`: a whole-pixel move keeps the pixels; a scale without turning goes through
/// CoreGraphics' resampler (area-averaged when shrinking, bilinear when enlarging); anything else
/// (a turn, a flip, a shear) samples the input bilinearly on premultiplied linear values.
enum Resampling {
    static func render(
        _ input: CIImage, transform t: CGAffineTransform, box: PixelBox, renderer: Renderer
    ) throws(ImageLibraryError)
        -> Tile
    {
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx == t.tx.rounded(), t.ty == t.ty.rounded(), abs(t.tx) < 1e9, abs(t.ty) < 1e9 {
            return try renderer.render(input, box.offset(dx: -Int(t.tx), dy: -Int(t.ty)))
        }
        let inverse = t.inverted()
        var needed = PixelBox(covering: box.rect.applying(inverse)).outset(by: 1)
        if !input.extent.isInfinite { needed = needed.intersection(PixelBox(covering: input.extent)) }
        let output = try Renderer.canvas(box)
        guard !needed.isEmpty else { return Tile(bitmap: output, owned: true) }
        let source = try renderer.render(input, needed).bitmap
        if t.b == 0, t.c == 0, t.a > 0, t.d > 0 {
            let mapped = needed.rect.applying(t)
            let rect = PixelRect(
                x: Int((mapped.minX - CGFloat(box.x)).rounded()), y: Int((CGFloat(box.maxY) - mapped.maxY).rounded()),
                width: max(Int(mapped.width.rounded()), 1), height: max(Int(mapped.height.rounded()), 1))
            output.draw(source, in: rect)
        } else {
            sample(source, box: needed, through: inverse, into: output, box: box)
        }
        return Tile(bitmap: output, owned: true)
    }

    /// Each output pixel's centre taken back through `inverse` and sampled bilinearly from `source`.
    static func sample(_ source: Bitmap, box sourceBox: PixelBox, through inverse: CGAffineTransform, into output: Bitmap, box: PixelBox) {
        let (sw, sh) = (source.width, source.height)
        ColorSpace.linear.withUnsafeBufferPointer { linear in
            /// The premultiplied linear pixel at column x, row y (top down) of the source; clear outside.
            func pixel(_ x: Int, _ y: Int) -> SIMD4<Float> {
                guard x >= 0, y >= 0, x < sw, y < sh else { return .zero }
                let p = source.row(y) + x * 4
                let alpha = Float(p[3]) / 255
                return SIMD4(linear[Int(p[0])] * alpha, linear[Int(p[1])] * alpha, linear[Int(p[2])] * alpha, alpha)
            }
            for row in 0..<box.height {
                let pixels = output.row(row)
                let ciY = CGFloat(box.maxY - 1 - row) + 0.5
                for column in 0..<box.width {
                    let point = CGPoint(x: CGFloat(box.x + column) + 0.5, y: ciY).applying(inverse)
                    let fx = Float(point.x - CGFloat(sourceBox.x)) - 0.5
                    let fy = Float(CGFloat(sourceBox.maxY) - point.y) - 0.5
                    let x0 = Int(fx.rounded(.down))
                    let y0 = Int(fy.rounded(.down))
                    let (dx, dy) = (fx - Float(x0), fy - Float(y0))
                    let top = pixel(x0, y0) * (1 - dx) + pixel(x0 + 1, y0) * dx
                    let bottom = pixel(x0, y0 + 1) * (1 - dx) + pixel(x0 + 1, y0 + 1) * dx
                    let v = top * (1 - dy) + bottom * dy
                    let p = pixels + column * 4
                    guard v[3] > 0.5 / 255 else { continue }
                    (p[0], p[1], p[2], p[3]) =
                        (
                            ColorSpace.encode(v[0] / v[3]), ColorSpace.encode(v[1] / v[3]), ColorSpace.encode(v[2] / v[3]),
                            ColorSpace.byte(v[3])
                        )
                }
            }
        }
    }
}
