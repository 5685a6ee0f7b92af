@_spi(NSESim) import CoreGraphics
import Foundation

/// `CIGaussianBlur`: a separable blur on premultiplied linear values, clear outside the input's
/// extent (so the edges fade and the extent grows by three standard deviations). A standard
/// deviation under 2 uses the Gaussian's own weights; a larger one three successive box blurs
/// (SVG's approximation, within a few percent of the Gaussian), whose cost does not grow with it.
/// The row pass keeps 16 bits a component (8 bytes a pixel) between the two passes.
enum GaussianBlur {
    /// How one axis is blurred.
    enum Kernel {
        /// Three box blurs `size` pixels wide (odd).
        case boxes(size: Int)
        /// One pass of these weights (odd count, centred).
        case weights([Float])

        init(sigma: Double) {
            if sigma >= 2 {
                var size = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
                if size % 2 == 0 { size += 1 }
                self = .boxes(size: size)
            } else {
                let radius = max(Int((3 * sigma).rounded(.up)), 1)
                let raw = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
                let total = raw.reduce(0, +)
                self = .weights(raw.map { $0 / total })
            }
        }

        /// How far a pixel spreads each way.
        var reach: Int {
            switch self {
            case .boxes(let size): 3 * (size / 2)
            case .weights(let weights): weights.count / 2
            }
        }
    }

    /// Blurs `source` (the pixels of `sourceBox`, clear outside) into `output` (the pixels of `box`).
    static func blur(_ source: Bitmap, box sourceBox: PixelBox, sigma: Double, into output: Bitmap, box: PixelBox) throws(ImageLibraryError)
    {
        let kernel = Kernel(sigma: sigma)
        let reach = kernel.reach
        let width = box.width
        let rows = sourceBox.height
        // The row pass: every source row, for the output's columns, premultiplied, 16 bits a component.
        let middle = UnsafeMutablePointer<UInt16>.allocate(capacity: rows * width * 4)
        defer { middle.deallocate() }
        let strip = 16
        let longest = max(width, box.height) + 2 * reach
        let line = UnsafeMutablePointer<Float>.allocate(capacity: longest * 4 * strip)
        defer { line.deallocate() }
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: longest * 4 * strip)
        defer { scratch.deallocate() }
        let sums = UnsafeMutablePointer<Float>.allocate(capacity: 4 * strip)
        defer { sums.deallocate() }

        ColorSpace.linear.withUnsafeBufferPointer { linear in
            let count = width + 2 * reach
            let first = box.x - reach  // the source column of position 0
            for row in 0..<rows {
                line.update(repeating: 0, count: count * 4)
                let pixels = source.row(row)
                let start = max(first, sourceBox.x)
                let end = min(first + count, sourceBox.maxX)
                if start < end {
                    for column in start..<end {
                        let p = pixels + (column - sourceBox.x) * 4
                        let alpha = Float(p[3]) / 255
                        let q = line + (column - first) * 4
                        (q[0], q[1], q[2], q[3]) =
                            (linear[Int(p[0])] * alpha, linear[Int(p[1])] * alpha, linear[Int(p[2])] * alpha, alpha)
                    }
                }
                let result = run(kernel, line: line, scratch: scratch, sums: sums, count: count, lanes: 4)
                let target = middle + row * width * 4
                for i in 0..<(width * 4) { target[i] = UInt16(min(max(result[i], 0), 1) * 65535 + 0.5) }
            }

            // The column pass, `strip` columns at a time, top row first.
            let height = box.height + 2 * reach
            let topY = box.maxY - 1 + reach  // Core Image's row of position 0
            var x0 = 0
            while x0 < width {
                let columns = min(strip, width - x0)
                let lanes = columns * 4
                line.update(repeating: 0, count: height * lanes)
                for i in 0..<height {
                    let sourceRow = sourceBox.maxY - 1 - (topY - i)
                    guard sourceRow >= 0, sourceRow < rows else { continue }
                    let from = middle + (sourceRow * width + x0) * 4
                    let to = line + i * lanes
                    for k in 0..<lanes { to[k] = Float(from[k]) / 65535 }
                }
                let result = run(kernel, line: line, scratch: scratch, sums: sums, count: height, lanes: lanes)
                for j in 0..<box.height {
                    let pixels = output.row(j) + x0 * 4
                    let values = result + j * lanes
                    for k in 0..<columns {
                        let v = values + k * 4
                        let alpha = v[3]
                        let p = pixels + k * 4
                        guard alpha > 0.5 / 255 else {
                            (p[0], p[1], p[2], p[3]) = (0, 0, 0, 0)
                            continue
                        }
                        (p[0], p[1], p[2], p[3]) =
                            (
                                ColorSpace.encode(v[0] / alpha), ColorSpace.encode(v[1] / alpha), ColorSpace.encode(v[2] / alpha),
                                ColorSpace.byte(alpha)
                            )
                    }
                }
                x0 += columns
            }
        }
    }

    /// Blurs `count` positions of `lanes` values (interleaved) from `line`; returns where the
    /// `count - 2 × reach` results are (`line` or `scratch`).
    static func run(
        _ kernel: Kernel, line: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>, sums: UnsafeMutablePointer<Float>,
        count: Int, lanes: Int
    ) -> UnsafeMutablePointer<Float> {
        switch kernel {
        case .boxes(let size):
            var (from, to, n) = (line, scratch, count)
            let scale = 1 / Float(size)
            for _ in 0..<3 {
                let results = n - size + 1
                for l in 0..<lanes {
                    var sum: Float = 0
                    for i in 0..<size { sum += from[i * lanes + l] }
                    sums[l] = sum
                    to[l] = sum * scale
                }
                if results > 1 {
                    for j in 1..<results {
                        let added = from + (j + size - 1) * lanes
                        let removed = from + (j - 1) * lanes
                        let out = to + j * lanes
                        for l in 0..<lanes {
                            sums[l] += added[l] - removed[l]
                            out[l] = sums[l] * scale
                        }
                    }
                }
                (from, to, n) = (to, from, results)
            }
            return from
        case .weights(let weights):
            let results = count - weights.count + 1
            for j in 0..<results {
                let out = scratch + j * lanes
                for l in 0..<lanes { out[l] = 0 }
                for (k, weight) in weights.enumerated() {
                    let input = line + (j + k) * lanes
                    for l in 0..<lanes { out[l] += weight * input[l] }
                }
            }
            return scratch
        }
    }
}
