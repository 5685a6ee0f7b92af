@_spi(NSESim) import CoreGraphics
import Foundation

/// `CIGaussianBlur`: a separable blur on premultiplied linear values, clear outside the input's
/// extent (so the edges fade and the extent grows by three standard deviations), or the edge
/// pixels repeated when the input was `clampedToExtent()`. A standard deviation under 2 uses the
/// Gaussian's own weights; a larger one three successive box blurs whose widths give the
/// Gaussian's variance (within a few percent of it), whose cost does not grow with it. Rows stream through the
/// column pass, which keeps only the rows its window reaches: no whole intermediate image.
enum GaussianBlur {
    /// How one axis is blurred.
    enum Kernel {
        /// Three box blurs of these widths (odd).
        case boxes(sizes: [Int])
        /// One pass of these weights (odd count, centred).
        case weights([Float])

        init(sigma: Double) {
            if sigma >= 2 {
                // Box widths w have variance (w² - 1) / 12: the odd widths around the ideal one,
                // as many of the narrower as bring the sum nearest the Gaussian's variance.
                let variance = sigma * sigma
                var narrow = Int((12 * variance / 3 + 1).squareRoot().rounded(.down))
                if narrow % 2 == 0 { narrow -= 1 }
                let n = Double(narrow)
                let narrowCount = Int(((12 * variance - 3 * n * n - 12 * n - 9) / (-4 * n - 4)).rounded())
                let count = min(max(narrowCount, 0), 3)
                self = .boxes(sizes: [Int](repeating: narrow, count: count) + [Int](repeating: narrow + 2, count: 3 - count))
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
            case .boxes(let sizes): sizes.reduce(0) { $0 + $1 / 2 }
            case .weights(let weights): weights.count / 2
            }
        }

        /// The passes, each a window of weights.
        var passes: [[Float]] {
            switch self {
            case .boxes(let sizes): sizes.map { [Float](repeating: 1 / Float($0), count: $0) }
            case .weights(let weights): [weights]
            }
        }
    }

    /// Blurs `source` (the pixels of `sourceBox`; outside it clear, or its edge pixels when
    /// `extend`) into `output` (the pixels of `box`).
    static func blur(
        _ source: Bitmap, box sourceBox: PixelBox, extend: Bool, sigma: Double, into output: Bitmap, box: PixelBox
    ) {
        let kernel = Kernel(sigma: sigma)
        let reach = kernel.reach
        let width = box.width
        let count = width + 2 * reach
        let line = UnsafeMutablePointer<Float>.allocate(capacity: count * 4)
        defer { line.deallocate() }
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: count * 4)
        defer { scratch.deallocate() }
        let sums = UnsafeMutablePointer<Float>.allocate(capacity: 4)
        defer { sums.deallocate() }
        let zero = UnsafeMutablePointer<Float>.allocate(capacity: width * 4)
        defer { zero.deallocate() }
        zero.update(repeating: 0, count: width * 4)
        let stages = kernel.passes.map { ColumnStage(weights: $0, width: width * 4) }

        ColorSpace.linear.withUnsafeBufferPointer { linear in
            let first = box.x - reach  // the column of line position 0
            var outputRow = 0

            /// Pushes one row through the stages; the last writes the output's next row.
            func push(_ row: UnsafePointer<Float>, stage: Int) {
                guard stage < stages.count else {
                    write(row, into: output.row(outputRow), count: width)
                    outputRow += 1
                    return
                }
                stages[stage].push(row) { push($0, stage: stage + 1) }
            }

            // Rows top first: Core Image's row box.maxY - 1 + reach down to box.y - reach.
            for i in 0..<(box.height + 2 * reach) {
                var y = box.maxY - 1 + reach - i
                if extend { y = min(max(y, sourceBox.y), sourceBox.maxY - 1) }
                guard y >= sourceBox.y, y < sourceBox.maxY else {
                    push(zero, stage: 0)
                    continue
                }
                let pixels = source.row(sourceBox.maxY - 1 - y)
                line.update(repeating: 0, count: count * 4)
                for position in 0..<count {
                    var column = first + position
                    if extend { column = min(max(column, sourceBox.x), sourceBox.maxX - 1) }
                    guard column >= sourceBox.x, column < sourceBox.maxX else { continue }
                    let p = pixels + (column - sourceBox.x) * 4
                    guard p[3] != 0 else { continue }
                    let alpha = Float(p[3]) / 255
                    let q = line + position * 4
                    (q[0], q[1], q[2], q[3]) = (linear[Int(p[0])] * alpha, linear[Int(p[1])] * alpha, linear[Int(p[2])] * alpha, alpha)
                }
                push(rowPass(kernel, line: line, scratch: scratch, sums: sums, count: count), stage: 0)
            }
        }
    }

    /// Premultiplied linear values to straight 8-bit sRGB pixels.
    private static func write(_ values: UnsafePointer<Float>, into pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        for k in 0..<count {
            let v = values + k * 4
            let p = pixels + k * 4
            let alpha = v[3]
            guard alpha > 0.5 / 255 else {
                (p[0], p[1], p[2], p[3]) = (0, 0, 0, 0)
                continue
            }
            (p[0], p[1], p[2], p[3]) =
                (ColorSpace.encode(v[0] / alpha), ColorSpace.encode(v[1] / alpha), ColorSpace.encode(v[2] / alpha), ColorSpace.byte(alpha))
        }
    }

    /// The row pass over `count` positions of 4 values; returns where the `count - 2 × reach`
    /// results are (`line` or `scratch`).
    static func rowPass(
        _ kernel: Kernel, line: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>, sums: UnsafeMutablePointer<Float>,
        count: Int
    ) -> UnsafeMutablePointer<Float> {
        switch kernel {
        case .boxes(let sizes):
            var (from, to, n) = (line, scratch, count)
            for size in sizes {
                let scale = 1 / Float(size)
                let results = n - size + 1
                for l in 0..<4 {
                    var sum: Float = 0
                    for i in 0..<size { sum += from[i * 4 + l] }
                    sums[l] = sum
                    to[l] = sum * scale
                }
                if results > 1 {
                    for j in 1..<results {
                        let added = from + (j + size - 1) * 4
                        let removed = from + (j - 1) * 4
                        let out = to + j * 4
                        for l in 0..<4 {
                            sums[l] += added[l] - removed[l]
                            out[l] = sums[l] * scale
                        }
                    }
                }
                (from, to, n) = (to, from, results)
            }
            return from
        case .weights(let weights):
            for j in 0..<(count - weights.count + 1) {
                let out = scratch + j * 4
                (out[0], out[1], out[2], out[3]) = (0, 0, 0, 0)
                for (k, weight) in weights.enumerated() {
                    let input = line + (j + k) * 4
                    for l in 0..<4 { out[l] += weight * input[l] }
                }
            }
            return scratch
        }
    }
}

/// One pass down the columns: keeps the last rows its window covers and gives a row out for
/// each row in once the window is full. Equal weights (a box) keep a running sum.
final class ColumnStage {
    let weights: [Float]
    let width: Int
    let isBox: Bool
    private let ring: UnsafeMutablePointer<Float>
    private let sum: UnsafeMutablePointer<Float>
    private let out: UnsafeMutablePointer<Float>
    private var received = 0

    init(weights: [Float], width: Int) {
        self.weights = weights
        self.width = width
        self.isBox = weights.allSatisfy { $0 == weights[0] }
        ring = .allocate(capacity: weights.count * width)
        sum = .allocate(capacity: width)
        sum.update(repeating: 0, count: width)
        out = .allocate(capacity: width)
    }

    deinit {
        ring.deallocate()
        sum.deallocate()
        out.deallocate()
    }

    /// Takes the next row; calls `emit` with a result row when the window is full.
    func push(_ row: UnsafePointer<Float>, emit: (UnsafePointer<Float>) -> Void) {
        let size = weights.count
        let slot = ring + (received % size) * width
        slot.update(from: row, count: width)
        received += 1
        if isBox {
            for i in 0..<width { sum[i] += row[i] }
            guard received >= size else { return }
            let scale = weights[0]
            for i in 0..<width { out[i] = sum[i] * scale }
            emit(out)
            // The oldest row leaves the window.
            let oldest = ring + (received % size) * width
            for i in 0..<width { sum[i] -= oldest[i] }
        } else {
            guard received >= size else { return }
            out.update(repeating: 0, count: width)
            for (t, weight) in weights.enumerated() {
                let input = ring + ((received - size + t) % size) * width
                for i in 0..<width { out[i] += weight * input[i] }
            }
            emit(out)
        }
    }
}
