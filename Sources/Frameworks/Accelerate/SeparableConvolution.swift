/// The box and tent convolutions: a kernel that is the product of a row of weights and a column
/// of weights, done as running sums along each row and down the columns (a tent of width
/// 2a - 1 is two boxes of width a one after the other), so the cost does not grow with the
/// kernel; the column pass keeps only the rows its window reaches. Sums are exact integers;
/// each result is rounded to the nearest.
enum SeparableConvolution {
    /// The kernel's shape.
    enum Kind {
        /// Every weight 1.
        case box
        /// Weights 1, 2, … up to the centre and back down, along each axis.
        case tent

        /// The widths of the boxes that make a kernel `size` long along one axis.
        func boxes(_ size: Int) -> [Int] {
            switch self {
            case .box: [size]
            case .tent: [(size + 1) / 2, (size + 1) / 2]
            }
        }

        /// The weights along one axis of a kernel `size` long.
        func weights(_ size: Int) -> [UInt32] {
            switch self {
            case .box: [UInt32](repeating: 1, count: size)
            case .tent: (0..<size).map { UInt32(min($0 + 1, size - $0)) }
            }
        }
    }

    /// Checks the arguments and convolves, returning vImage's code.
    static func run(
        _ kind: Kind, src: vImage_Buffer, dest: vImage_Buffer, x: vImagePixelCount, y: vImagePixelCount, height: UInt32,
        width: UInt32, background: UnsafePointer<UInt8>?, flags: vImage_Flags, channels: Int = 4
    ) -> vImage_Error {
        switch ConvolutionPlan.make(
            src: src, dest: dest, x: x, y: y, kernelHeight: height, kernelWidth: width, background: background, flags: flags,
            channels: channels)
        {
        case .failure(let failure): return failure.code
        case .success(nil): return 0
        case .success(let plan?):
            guard plan.width > 0, plan.height > 0 else { return kvImageNoError }
            let (separate, copy) = plan.separatingBuffers()
            defer { copy?.deallocate() }
            convolve(kind, separate)
            return kvImageNoError
        }
    }

    /// The sum of the weights over the source for each destination position along one axis
    /// (all of them but with `kvImageTruncateKernel`).
    static func coverage(weights: [UInt32], count: Int, offset: Int, sourceCount: Int, truncate: Bool) -> [UInt64] {
        let total = weights.reduce(UInt64(0)) { $0 + UInt64($1) }
        guard truncate else { return [UInt64](repeating: total, count: count) }
        let radius = weights.count / 2
        return (0..<count).map { position in
            let first = offset + position - radius
            var sum: UInt64 = 0
            for (i, weight) in weights.enumerated() where first + i >= 0 && first + i < sourceCount { sum += UInt64(weight) }
            return sum
        }
    }

    static func convolve(_ kind: Kind, _ plan: ConvolutionPlan) {
        let (width, height, kernelWidth, kernelHeight) = (plan.width, plan.height, plan.kernelWidth, plan.kernelHeight)
        let n = plan.channels
        var truncate = false
        if case .truncate = plan.edge { truncate = true }
        let coverageX = coverage(
            weights: kind.weights(kernelWidth), count: width, offset: plan.offsetX, sourceCount: plan.sourceWidth, truncate: truncate)
        let coverageY = coverage(
            weights: kind.weights(kernelHeight), count: height, offset: plan.offsetY, sourceCount: plan.sourceHeight, truncate: truncate)

        let lineCount = width + kernelWidth - 1
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: lineCount * n)
        defer { line.deallocate() }
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: lineCount * n * 2)
        defer { sums.deallocate() }
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: width * n)
        defer { output.deallocate() }
        let stages = kind.boxes(kernelHeight).map { IntegerColumnStage(size: $0, width: width * n) }
        let rowBoxes = kind.boxes(kernelWidth)

        /// The row pass of source row `row`: running sums of each box in turn; returns the `width` results.
        func rowPass(_ row: Int) -> UnsafeMutablePointer<UInt32> {
            plan.fill(line: line, row: row)
            var count = lineCount
            var from = sums
            var to = sums + lineCount * n
            for i in 0..<(count * n) { from[i] = UInt32(line[i]) }
            for size in rowBoxes {
                let results = count - size + 1
                for c in 0..<n {
                    var sum: UInt32 = 0
                    for i in 0..<size { sum += from[n * i + c] }
                    to[c] = sum
                    for x in 1..<max(results, 1) {
                        sum = sum &+ from[n * (x + size - 1) + c] &- from[n * (x - 1) + c]
                        to[n * x + c] = sum
                    }
                }
                (from, to, count) = (to, from, results)
            }
            return from
        }

        var y = 0
        /// Pushes a row through the column stages; the last one's rows are the destination's.
        func push(_ row: UnsafePointer<UInt32>, stage: Int) {
            stages[stage].push(row) { sum in
                if stage + 1 < stages.count {
                    push(stages[stage].narrowed(sum), stage: stage + 1)
                } else {
                    finish(sum)
                }
            }
        }

        /// Divides, rounds and writes destination row `y`.
        func finish(_ column: UnsafePointer<UInt64>) {
            let rowCoverage = coverageY[y]
            for x in 0..<width {
                let divisor = coverageX[x] * rowCoverage
                let half = divisor / 2
                for c in 0..<n {
                    output[n * x + c] = divisor == 0 ? 0 : UInt8(min((column[n * x + c] + half) / divisor, 255))
                }
                if case .copyInPlace = plan.edge, !plan.kernelInside(x: x, y: y) {
                    let source = plan.sourcePixel(x: x, y: y)
                    for c in 0..<n { output[n * x + c] = source[c] }
                } else if plan.leaveAlphaUnchanged {
                    output[n * x] = plan.sourcePixel(x: x, y: y)[0]
                }
            }
            plan.destinationRow(y).update(from: output, count: width * n)
            y += 1
        }

        let firstRow = plan.offsetY - plan.radiusY
        for row in 0..<(height + kernelHeight - 1) { push(rowPass(firstRow + row), stage: 0) }
    }
}

/// A running sum down the columns over the last `size` rows pushed: a row of sums out for each
/// row in once the window is full.
final class IntegerColumnStage {
    let size: Int
    let width: Int
    private let ring: UnsafeMutablePointer<UInt32>
    private let sum: UnsafeMutablePointer<UInt64>
    private let narrow: UnsafeMutablePointer<UInt32>
    private var received = 0

    init(size: Int, width: Int) {
        self.size = size
        self.width = width
        ring = .allocate(capacity: size * width)
        sum = .allocate(capacity: width)
        sum.update(repeating: 0, count: width)
        narrow = .allocate(capacity: width)
    }

    deinit {
        ring.deallocate()
        sum.deallocate()
        narrow.deallocate()
    }

    /// Takes the next row; calls `emit` with the window's sums when it is full.
    func push(_ row: UnsafePointer<UInt32>, emit: (UnsafePointer<UInt64>) -> Void) {
        let slot = ring + (received % size) * width
        slot.update(from: row, count: width)
        received += 1
        for i in 0..<width { sum[i] += UInt64(row[i]) }
        guard received >= size else { return }
        emit(sum)
        // The oldest row leaves the window.
        let oldest = ring + (received % size) * width
        for i in 0..<width { sum[i] -= UInt64(oldest[i]) }
    }

    /// Sums as 32-bit values for the next stage (a box's sums of 8-bit values fit).
    func narrowed(_ sums: UnsafePointer<UInt64>) -> UnsafePointer<UInt32> {
        for i in 0..<width { narrow[i] = UInt32(truncatingIfNeeded: sums[i]) }
        return UnsafePointer(narrow)
    }
}
