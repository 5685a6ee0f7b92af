@_spi(NSESim) import CoreGraphics
import Foundation

/// Renders a recipe into real pixels, one step at a time: each step computes only the region its
/// consumer needs (and only inside its own extent) into a bitmap, and a step's input bitmaps are
/// freed as soon as it is done with them. Pixel steps work in linear light on premultiplied values.
final class Renderer {
    /// The steps computed, in order, for the report.
    private(set) var steps: [String] = []

    /// The pixels of `image` inside `box`, clear where the image has none.
    func render(_ image: CIImage, _ box: PixelBox) throws(ImageLibraryError) -> Tile {
        if !image.extent.isInfinite {
            let inner = box.intersection(PixelBox(covering: image.extent))
            if inner != box {
                guard !inner.isEmpty else { return Tile(bitmap: try Self.canvas(box), owned: true) }
                return try place(render(image, inner), inner, in: box)
            }
        }
        steps.append(image.recipe.name)
        switch image.recipe {
        case .bitmap(let source):
            return try crop(source.bitmap, to: box)
        case .constant(let color):
            let canvas = try Self.canvas(box)
            fill(canvas, with: color.rgba)
            return Tile(bitmap: canvas, owned: true)
        case .empty:
            return Tile(bitmap: try Self.canvas(box), owned: true)
        case .crop(let input, _):
            return try render(input, box)
        case .transform(let input, let transform):
            return try Resampling.render(input, transform: transform, box: box, renderer: self)
        case .clamp(let input):
            return try clamp(input, box)
        case .colorChange(let input, let operation):
            let bitmap = try render(input, box).writable()
            ColorFilters.apply(operation, to: bitmap)
            return Tile(bitmap: bitmap, owned: true)
        case .sourceOver(let top, let bottom):
            let result = try render(bottom, box).writable()
            if case .constant(let color) = top.recipe {
                steps.append(top.recipe.name)
                Compositing.over(color: color.rgba, onto: result)
            } else {
                Compositing.over(try render(top, box).bitmap, onto: result)
            }
            return Tile(bitmap: result, owned: true)
        case .gaussianBlur(let input, let sigma):
            // A clamped input is read with its edges repeated, not rendered wider.
            var source = input
            var extend = false
            if case .clamp(let inner) = input.recipe, !inner.extent.isInfinite {
                (source, extend) = (inner, true)
                steps.append(input.recipe.name)
            }
            let reach = Int(Recipe.reach(sigma))
            var needed = box.outset(by: reach)
            if extend {
                needed = needed.clamped(into: PixelBox(covering: source.extent))
            } else if !source.extent.isInfinite {
                needed = needed.intersection(PixelBox(covering: source.extent))
            }
            let output = try Self.canvas(box)
            guard !needed.isEmpty else { return Tile(bitmap: output, owned: true) }
            let tile = try render(source, needed)
            GaussianBlur.blur(tile.bitmap, box: needed, extend: extend, sigma: sigma, into: output, box: box)
            return Tile(bitmap: output, owned: true)
        }
    }

    /// A clear bitmap the size of `box`.
    static func canvas(_ box: PixelBox) throws(ImageLibraryError) -> Bitmap {
        try Bitmap.canvas(width: box.width, height: box.height, opaque: false)
    }

    /// The part `box` of a `CGImage`'s bitmap (box inside it), shared when it is all of it.
    private func crop(_ bitmap: Bitmap, to box: PixelBox) throws(ImageLibraryError) -> Tile {
        if box == PixelBox(x: 0, y: 0, width: bitmap.width, height: bitmap.height) { return Tile(bitmap: bitmap, owned: false) }
        let canvas = try Bitmap.canvas(width: box.width, height: box.height, opaque: bitmap.isOpaque)
        for y in box.y..<box.maxY {
            // Core Image's row y is the bitmap's row height - 1 - y (bitmaps are stored top down).
            canvas.row(box.maxY - 1 - y).update(from: bitmap.row(bitmap.height - 1 - y) + box.x * 4, count: box.width * 4)
        }
        return Tile(bitmap: canvas, owned: true)
    }

    /// `tile` (the pixels of `inner`) placed in a clear bitmap of `box`.
    private func place(_ tile: Tile, _ inner: PixelBox, in box: PixelBox) throws(ImageLibraryError) -> Tile {
        let canvas = try Self.canvas(box)
        for y in inner.y..<inner.maxY {
            (canvas.row(box.maxY - 1 - y) + (inner.x - box.x) * 4).update(from: tile.bitmap.row(inner.maxY - 1 - y), count: inner.width * 4)
        }
        return Tile(bitmap: canvas, owned: true)
    }

    /// `input` with its edge pixels repeated outward, inside `box`.
    private func clamp(_ input: CIImage, _ box: PixelBox) throws(ImageLibraryError) -> Tile {
        let extent = PixelBox(covering: input.extent)
        guard !extent.isEmpty else { return Tile(bitmap: try Self.canvas(box), owned: true) }
        func clampX(_ x: Int) -> Int { min(max(x, extent.x), extent.maxX - 1) }
        func clampY(_ y: Int) -> Int { min(max(y, extent.y), extent.maxY - 1) }
        let needed = box.clamped(into: extent)
        let source = try render(input, needed)
        if needed == box { return source }
        let canvas = try Self.canvas(box)
        for y in box.y..<box.maxY {
            let from = source.bitmap.row(needed.maxY - 1 - clampY(y))
            let to = canvas.row(box.maxY - 1 - y)
            for x in box.x..<box.maxX {
                let column = (clampX(x) - needed.x) * 4
                let target = (x - box.x) * 4
                (to[target], to[target + 1], to[target + 2], to[target + 3]) =
                    (from[column], from[column + 1], from[column + 2], from[column + 3])
            }
        }
        return Tile(bitmap: canvas, owned: true)
    }

    /// Every pixel of `bitmap` set to `color` (straight sRGB, clamped to 0...1).
    private func fill(_ bitmap: Bitmap, with color: RGBA) {
        let pixel = (color.red8, color.green8, color.blue8, color.alpha8)
        let bytes = bitmap.pixels
        for i in 0..<(bitmap.width * bitmap.height) {
            (bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]) = pixel
        }
    }
}
