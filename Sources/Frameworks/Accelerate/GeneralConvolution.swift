import Foundation

/// `vImageConvolve_ARGB8888`: any kernel of 16-bit weights, each destination pixel the weighted
/// sum of the source pixels the kernel covers over a ring of the rows it reaches.
enum GeneralConvolution {
    /// Checks the arguments and convolves, returning vImage's code.
    static func run(
        src: vImage_Buffer, dest: vImage_Buffer, x: vImagePixelCount, y: vImagePixelCount, kernel: UnsafePointer<Int16>,
        height: UInt32, width: UInt32, divisor: Int32, background: UnsafePointer<UInt8>?, flags: vImage_Flags, channels: Int = 4
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
            let weights = Array(UnsafeBufferPointer(start: kernel, count: plan.kernelWidth * plan.kernelHeight)).map(Int64.init)
            convolve(separate, weights: weights, divisor: divisor == 0 ? 1 : Int64(divisor))
            return kvImageNoError
        }
    }

    static func convolve(_ plan: ConvolutionPlan, weights: [Int64], divisor: Int64) {
        let (width, height, kernelWidth, kernelHeight) = (plan.width, plan.height, plan.kernelWidth, plan.kernelHeight)
        let n = plan.channels
        var truncate = false
        if case .truncate = plan.edge { truncate = true }
        let total = weights.reduce(0, +)
        let lineCount = (width + kernelWidth - 1) * n
        // The source rows the kernel reaches, slot (row - first row) % kernelHeight.
        let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: kernelHeight * lineCount)
        defer { ring.deallocate() }
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: width * n)
        defer { output.deallocate() }
        let firstRow = plan.offsetY - plan.radiusY
        for j in 0..<kernelHeight { plan.fill(line: ring + j * lineCount, row: firstRow + j) }

        for y in 0..<height {
            for x in 0..<width {
                var sums: (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
                var covered: Int64 = 0
                for j in 0..<kernelHeight {
                    let row = firstRow + y + j
                    if truncate && (row < 0 || row >= plan.sourceHeight) { continue }
                    var p = ring + ((y + j) % kernelHeight) * lineCount + n * x
                    for i in 0..<kernelWidth {
                        let weight = weights[j * kernelWidth + i]
                        let column = plan.offsetX + x - plan.radiusX + i
                        if !truncate || (column >= 0 && column < plan.sourceWidth) {
                            sums.0 += weight * Int64(p[0])
                            if n == 4 {
                                sums.1 += weight * Int64(p[1])
                                sums.2 += weight * Int64(p[2])
                                sums.3 += weight * Int64(p[3])
                            }
                            covered += weight
                        }
                        p += n
                    }
                }
                // Truncated: the covered weights stand for the whole kernel.
                let scale = truncate && covered != 0 && covered != total ? Double(total) / Double(covered) : 1
                func value(_ sum: Int64) -> UInt8 {
                    let result = (Double(sum) * scale / Double(divisor)).rounded()
                    return UInt8(min(max(result, 0), 255))
                }
                if n == 4 {
                    (output[4 * x], output[4 * x + 1], output[4 * x + 2], output[4 * x + 3]) =
                        (value(sums.0), value(sums.1), value(sums.2), value(sums.3))
                } else {
                    output[x] = value(sums.0)
                }
                if case .copyInPlace = plan.edge, !plan.kernelInside(x: x, y: y) {
                    let source = plan.sourcePixel(x: x, y: y)
                    for c in 0..<n { output[n * x + c] = source[c] }
                } else if plan.leaveAlphaUnchanged {
                    output[n * x] = plan.sourcePixel(x: x, y: y)[0]
                }
            }
            plan.destinationRow(y).update(from: output, count: width * n)
            guard y + 1 < height else { break }
            plan.fill(line: ring + (y % kernelHeight) * lineCount, row: firstRow + y + kernelHeight)
        }
    }
}
