/// A convolution's arguments checked as vImage checks them, with the edge mode decided.
struct ConvolutionPlan {
    /// How pixels outside the source are had.
    enum Edge {
        case copyInPlace, extend, truncate
        /// The background colour, one byte a channel.
        case background([UInt8])
    }

    let source: UnsafeMutableRawPointer
    let sourceRowBytes: Int
    let sourceWidth: Int, sourceHeight: Int
    let destination: UnsafeMutableRawPointer
    let destinationRowBytes: Int
    let width: Int, height: Int
    let offsetX: Int, offsetY: Int
    let kernelWidth: Int, kernelHeight: Int
    let edge: Edge
    let leaveAlphaUnchanged: Bool
    /// Bytes (channels) a pixel: 4 for ARGB8888, 1 for Planar8.
    let channels: Int

    /// Half the kernel's width and height (the centre's distance from the first column and row).
    var radiusX: Int { kernelWidth / 2 }
    var radiusY: Int { kernelHeight / 2 }

    /// The flags a convolution knows.
    static let knownFlags =
        kvImageLeaveAlphaUnchanged | kvImageCopyInPlace | kvImageBackgroundColorFill | kvImageEdgeExtend | kvImageDoNotTile
        | kvImageHighQualityResampling | kvImageTruncateKernel | kvImageGetTempBufferSize | kvImagePrintDiagnosticsToConsole
        | kvImageNoAllocate

    /// The plan, or the error code vImage returns; `.success(nil)` for `kvImageGetTempBufferSize`
    /// (0 bytes: nothing is needed).
    static func make(
        src: vImage_Buffer, dest: vImage_Buffer, x: vImagePixelCount, y: vImagePixelCount, kernelHeight: UInt32,
        kernelWidth: UInt32, background: UnsafePointer<UInt8>?, flags: vImage_Flags, channels: Int = 4
    ) -> Result<ConvolutionPlan?, Failure> {
        let flags = Int(flags)
        guard flags & ~knownFlags == 0 else { return .failure(Failure(code: kvImageUnknownFlagsBit)) }
        guard kernelWidth % 2 == 1, kernelHeight % 2 == 1 else { return .failure(Failure(code: kvImageInvalidKernelSize)) }
        let modes = [kvImageCopyInPlace, kvImageBackgroundColorFill, kvImageEdgeExtend, kvImageTruncateKernel].filter { flags & $0 != 0 }
        guard modes.count == 1 else { return .failure(Failure(code: kvImageInvalidEdgeStyle)) }
        let edge: Edge
        switch modes[0] {
        case kvImageCopyInPlace: edge = .copyInPlace
        case kvImageEdgeExtend: edge = .extend
        case kvImageTruncateKernel: edge = .truncate
        default:
            guard let background else { return .failure(Failure(code: kvImageNullPointerArgument)) }
            edge = .background(Array(UnsafeBufferPointer(start: background, count: channels)))
        }
        if flags & kvImageGetTempBufferSize != 0 { return .success(nil) }
        guard let source = src.data, let destination = dest.data else { return .failure(Failure(code: kvImageNullPointerArgument)) }
        guard src.width <= Int.max / 4, src.height <= Int.max / 4, dest.width <= Int.max / 4, dest.height <= Int.max / 4 else {
            return .failure(Failure(code: kvImageInvalidParameter))
        }
        let (sourceWidth, sourceHeight, width, height) = (Int(src.width), Int(src.height), Int(dest.width), Int(dest.height))
        guard src.rowBytes >= sourceWidth * channels, dest.rowBytes >= width * channels else {
            return .failure(Failure(code: kvImageInvalidRowBytes))
        }
        guard x < src.width || width == 0 else { return .failure(Failure(code: kvImageInvalidOffset_X)) }
        guard y < src.height || height == 0 else { return .failure(Failure(code: kvImageInvalidOffset_Y)) }
        guard Int(x) + width <= sourceWidth, Int(y) + height <= sourceHeight else {
            return .failure(Failure(code: kvImageRoiLargerThanInputBuffer))
        }
        return .success(
            ConvolutionPlan(
                source: source, sourceRowBytes: src.rowBytes, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
                destination: destination, destinationRowBytes: dest.rowBytes, width: width, height: height, offsetX: Int(x),
                offsetY: Int(y), kernelWidth: Int(kernelWidth), kernelHeight: Int(kernelHeight), edge: edge,
                leaveAlphaUnchanged: flags & kvImageLeaveAlphaUnchanged != 0 && channels == 4, channels: channels))
    }

    /// A vImage error code, as an `Error` for `Result`.
    struct Failure: Error {
        let code: vImage_Error
    }

    /// The plan reading from a private copy of the source when the destination overlaps it
    /// differently from row for row (vImage's convolutions do not work in place).
    func separatingBuffers() -> (ConvolutionPlan, UnsafeMutableRawPointer?) {
        let sourceEnd = source + sourceRowBytes * sourceHeight
        let destinationEnd = destination + destinationRowBytes * height
        let overlap = source < destinationEnd && destination < sourceEnd
        guard overlap else { return (self, nil) }
        let bytes = sourceRowBytes * sourceHeight
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 1), alignment: 16)
        copy.copyMemory(from: source, byteCount: bytes)
        let plan = ConvolutionPlan(
            source: copy, sourceRowBytes: sourceRowBytes, sourceWidth: sourceWidth, sourceHeight: sourceHeight, destination: destination,
            destinationRowBytes: destinationRowBytes, width: width, height: height, offsetX: offsetX, offsetY: offsetY,
            kernelWidth: kernelWidth, kernelHeight: kernelHeight, edge: edge, leaveAlphaUnchanged: leaveAlphaUnchanged, channels: channels)
        return (plan, copy)
    }

    /// Fills `line` (`width + kernelWidth - 1` pixels of `channels` bytes) with the source
    /// pixels row `row` (which may be outside the source) gives for the destination's columns and
    /// the kernel's reach: edge pixels repeated (extend, copy in place), the background colour, or
    /// 0 (truncate). Returns whether the row is inside the source.
    @discardableResult
    func fill(line: UnsafeMutablePointer<UInt8>, row: Int) -> Bool {
        let count = width + kernelWidth - 1
        let n = channels
        let inside = row >= 0 && row < sourceHeight
        if !inside, case .background(let color) = edge {
            for i in 0..<count { for c in 0..<n { line[n * i + c] = color[c] } }
            return false
        }
        if !inside, case .truncate = edge {
            line.update(repeating: 0, count: count * n)
            return false
        }
        let sourceRow = source.advanced(by: min(max(row, 0), sourceHeight - 1) * sourceRowBytes).assumingMemoryBound(to: UInt8.self)
        let first = offsetX - radiusX
        // The columns inside the source are copied at once; the others by edge mode.
        let start = max(0, -first)
        let end = min(count, sourceWidth - first)
        if start < end { (line + n * start).update(from: sourceRow + n * (first + start), count: n * (end - start)) }
        for i in 0..<count where i < start || i >= end {
            for c in 0..<n {
                switch edge {
                case .background(let color): line[n * i + c] = color[c]
                case .truncate: line[n * i + c] = 0
                case .extend, .copyInPlace: line[n * i + c] = sourceRow[n * (i < start ? 0 : sourceWidth - 1) + c]
                }
            }
        }
        return inside
    }

    /// Whether the kernel centred on destination pixel `x`, `y` lies wholly over the source.
    func kernelInside(x: Int, y: Int) -> Bool {
        let cx = offsetX + x
        let cy = offsetY + y
        return cx - radiusX >= 0 && cx + radiusX < sourceWidth && cy - radiusY >= 0 && cy + radiusY < sourceHeight
    }

    /// The source pixel destination pixel `x`, `y` stands for.
    func sourcePixel(x: Int, y: Int) -> UnsafePointer<UInt8> {
        UnsafePointer(source.advanced(by: (offsetY + y) * sourceRowBytes + (offsetX + x) * channels).assumingMemoryBound(to: UInt8.self))
    }

    /// The destination's row `y`.
    func destinationRow(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        destination.advanced(by: y * destinationRowBytes).assumingMemoryBound(to: UInt8.self)
    }

    /// vImage's name of an error code.
    static func name(of code: vImage_Error) -> String {
        let names: [Int: String] = [
            kvImageRoiLargerThanInputBuffer: "kvImageRoiLargerThanInputBuffer", kvImageInvalidKernelSize: "kvImageInvalidKernelSize",
            kvImageInvalidEdgeStyle: "kvImageInvalidEdgeStyle", kvImageInvalidOffset_X: "kvImageInvalidOffset_X",
            kvImageInvalidOffset_Y: "kvImageInvalidOffset_Y", kvImageMemoryAllocationError: "kvImageMemoryAllocationError",
            kvImageNullPointerArgument: "kvImageNullPointerArgument", kvImageInvalidParameter: "kvImageInvalidParameter",
            kvImageBufferSizeMismatch: "kvImageBufferSizeMismatch", kvImageUnknownFlagsBit: "kvImageUnknownFlagsBit",
            kvImageInvalidRowBytes: "kvImageInvalidRowBytes",
        ]
        return names[code] ?? "vImage error \(code)"
    }
}
