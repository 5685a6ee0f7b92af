/// The box and tent convolutions: a kernel that is the product of a row of weights and a column
/// of weights, done as a pass along each row and a pass down the columns over a ring of the
/// rows the kernel reaches (memory: a kernel's height of rows, not an image). Sums are exact
/// integers; each result is rounded to the nearest.
enum SeparableConvolution {
    /// The kernel's shape.
    enum Kind {
        /// Every weight 1.
        case box
        /// Weights 1, 2, … up to the centre and back down, along each axis.
        case tent

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
        width: UInt32, background: UnsafePointer<UInt8>?, flags: vImage_Flags
    ) -> vImage_Error {
        switch ConvolutionPlan.make(
            src: src, dest: dest, x: x, y: y, kernelHeight: height, kernelWidth: width, background: background, flags: flags)
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
        let rowWeights = kind.weights(kernelWidth)
        let columnWeights = kind.weights(kernelHeight)
        var truncate = false
        if case .truncate = plan.edge { truncate = true }
        let coverageX = coverage(
            weights: rowWeights, count: width, offset: plan.offsetX, sourceCount: plan.sourceWidth, truncate: truncate)
        let coverageY = coverage(
            weights: columnWeights, count: height, offset: plan.offsetY, sourceCount: plan.sourceHeight, truncate: truncate)

        let lineCount = (width + kernelWidth - 1) * 4
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: lineCount)
        defer { line.deallocate() }
        // Row sums of the rows the kernel reaches, slot (row - first row) % kernelHeight.
        let ring = UnsafeMutablePointer<UInt32>.allocate(capacity: kernelHeight * width * 4)
        defer { ring.deallocate() }
        let column = UnsafeMutablePointer<UInt64>.allocate(capacity: width * 4)
        defer { column.deallocate() }
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 4)
        defer { output.deallocate() }

        /// The row pass of source row `row` into `slot`.
        func rowPass(_ row: Int, into slot: UnsafeMutablePointer<UInt32>) {
            plan.fill(line: line, row: row)
            switch kind {
            case .box:
                for c in 0..<4 {
                    var sum: UInt32 = 0
                    for i in 0..<kernelWidth { sum += UInt32(line[4 * i + c]) }
                    slot[c] = sum
                    for x in 1..<max(width, 1) {
                        sum = sum &+ UInt32(line[4 * (x + kernelWidth - 1) + c]) &- UInt32(line[4 * (x - 1) + c])
                        slot[4 * x + c] = sum
                    }
                }
            case .tent:
                for x in 0..<width {
                    var (s0, s1, s2, s3): (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                    var p = line + 4 * x
                    for weight in rowWeights {
                        s0 += weight * UInt32(p[0])
                        s1 += weight * UInt32(p[1])
                        s2 += weight * UInt32(p[2])
                        s3 += weight * UInt32(p[3])
                        p += 4
                    }
                    (slot[4 * x], slot[4 * x + 1], slot[4 * x + 2], slot[4 * x + 3]) = (s0, s1, s2, s3)
                }
            }
        }

        let firstRow = plan.offsetY - plan.radiusY
        for j in 0..<kernelHeight { rowPass(firstRow + j, into: ring + j * width * 4) }
        if kind == .box {
            column.update(repeating: 0, count: width * 4)
            for j in 0..<kernelHeight {
                let slot = ring + j * width * 4
                for i in 0..<(width * 4) { column[i] += UInt64(slot[i]) }
            }
        }

        for y in 0..<height {
            if kind == .tent {
                column.update(repeating: 0, count: width * 4)
                for (j, weight) in columnWeights.enumerated() {
                    let slot = ring + ((y + j) % kernelHeight) * width * 4
                    let w = UInt64(weight)
                    for i in 0..<(width * 4) { column[i] += w * UInt64(slot[i]) }
                }
            }
            let rowCoverage = coverageY[y]
            for x in 0..<width {
                let divisor = coverageX[x] * rowCoverage
                let half = divisor / 2
                for c in 0..<4 {
                    output[4 * x + c] = divisor == 0 ? 0 : UInt8(min((column[4 * x + c] + half) / divisor, 255))
                }
                if case .copyInPlace = plan.edge, !plan.kernelInside(x: x, y: y) {
                    let source = plan.sourcePixel(x: x, y: y)
                    for c in 0..<4 { output[4 * x + c] = source[c] }
                } else if plan.leaveAlphaUnchanged {
                    output[4 * x] = plan.sourcePixel(x: x, y: y)[0]
                }
            }
            plan.destinationRow(y).update(from: output, count: width * 4)
            // Slide the window down a row: the oldest row's slot takes the next row.
            guard y + 1 < height else { break }
            let slot = ring + (y % kernelHeight) * width * 4
            if kind == .box { for i in 0..<(width * 4) { column[i] -= UInt64(slot[i]) } }
            rowPass(firstRow + y + kernelHeight, into: slot)
            if kind == .box { for i in 0..<(width * 4) { column[i] += UInt64(slot[i]) } }
        }
    }
}
