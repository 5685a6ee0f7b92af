import Foundation
import NSESimRuntime

/// Blurs `src` with a box `kernel_width` × `kernel_height` pixels (both odd): each destination
/// pixel is the average of the source pixels around the region-of-interest pixel it stands for,
/// each channel alike, rounded to the nearest. `flags` must name exactly one edge mode
/// (`kvImageEdgeExtend`, `kvImageCopyInPlace`, `kvImageBackgroundColorFill` with
/// `backgroundColor`, `kvImageTruncateKernel`). Computed with running sums: the cost does not
/// grow with the kernel. `tempBuffer` is not needed (pass nil).
@discardableResult
public func vImageBoxConvolve_ARGB8888(
    _ src: UnsafePointer<vImage_Buffer>, _ dest: UnsafePointer<vImage_Buffer>, _ tempBuffer: UnsafeMutableRawPointer?,
    _ srcOffsetToROI_X: vImagePixelCount, _ srcOffsetToROI_Y: vImagePixelCount, _ kernel_height: UInt32, _ kernel_width: UInt32,
    _ backgroundColor: UnsafePointer<UInt8>?, _ flags: vImage_Flags
) -> vImage_Error {
    let result = SeparableConvolution.run(
        .box, src: src.pointee, dest: dest.pointee, x: srcOffsetToROI_X, y: srcOffsetToROI_Y, height: kernel_height,
        width: kernel_width, background: backgroundColor, flags: flags)
    ConvolutionReport.send("vImageBoxConvolve_ARGB8888", dest: dest.pointee, kernel: (kernel_width, kernel_height), result: result)
    return result
}

/// Blurs `src` with a tent (a pyramid: weights rising linearly to the centre) `kernel_width` ×
/// `kernel_height` pixels, both odd, as `vImageBoxConvolve_ARGB8888` does with a box: same edge
/// modes, flags and errors.
@discardableResult
public func vImageTentConvolve_ARGB8888(
    _ src: UnsafePointer<vImage_Buffer>, _ dest: UnsafePointer<vImage_Buffer>, _ tempBuffer: UnsafeMutableRawPointer?,
    _ srcOffsetToROI_X: vImagePixelCount, _ srcOffsetToROI_Y: vImagePixelCount, _ kernel_height: UInt32, _ kernel_width: UInt32,
    _ backgroundColor: UnsafePointer<UInt8>?, _ flags: vImage_Flags
) -> vImage_Error {
    let result = SeparableConvolution.run(
        .tent, src: src.pointee, dest: dest.pointee, x: srcOffsetToROI_X, y: srcOffsetToROI_Y, height: kernel_height,
        width: kernel_width, background: backgroundColor, flags: flags)
    ConvolutionReport.send("vImageTentConvolve_ARGB8888", dest: dest.pointee, kernel: (kernel_width, kernel_height), result: result)
    return result
}

/// Convolves `src` with `kernel` (`kernel_height` rows of `kernel_width` 16-bit weights, both
/// odd), each sum divided by `divisor` (0 counts as 1), rounded to the nearest and clamped to
/// 0...255, each channel alike. Edge modes, flags and errors as `vImageBoxConvolve_ARGB8888`;
/// with `kvImageTruncateKernel` the weights over the source are scaled up to the whole kernel's sum.
@discardableResult
public func vImageConvolve_ARGB8888(
    _ src: UnsafePointer<vImage_Buffer>, _ dest: UnsafePointer<vImage_Buffer>, _ tempBuffer: UnsafeMutableRawPointer?,
    _ srcOffsetToROI_X: vImagePixelCount, _ srcOffsetToROI_Y: vImagePixelCount, _ kernel: UnsafePointer<Int16>?,
    _ kernel_height: UInt32, _ kernel_width: UInt32, _ divisor: Int32, _ backgroundColor: UnsafePointer<UInt8>?,
    _ flags: vImage_Flags
) -> vImage_Error {
    let result: vImage_Error
    if let kernel {
        result = GeneralConvolution.run(
            src: src.pointee, dest: dest.pointee, x: srcOffsetToROI_X, y: srcOffsetToROI_Y, kernel: kernel, height: kernel_height,
            width: kernel_width, divisor: divisor, background: backgroundColor, flags: flags)
    } else {
        result = kvImageNullPointerArgument
    }
    ConvolutionReport.send("vImageConvolve_ARGB8888", dest: dest.pointee, kernel: (kernel_width, kernel_height), result: result)
    return result
}

/// `vImageBoxConvolve_ARGB8888` on a buffer of one 8-bit channel a pixel; `backgroundColor` is
/// the one value `kvImageBackgroundColorFill` uses.
@discardableResult
public func vImageBoxConvolve_Planar8(
    _ src: UnsafePointer<vImage_Buffer>, _ dest: UnsafePointer<vImage_Buffer>, _ tempBuffer: UnsafeMutableRawPointer?,
    _ srcOffsetToROI_X: vImagePixelCount, _ srcOffsetToROI_Y: vImagePixelCount, _ kernel_height: UInt32, _ kernel_width: UInt32,
    _ backgroundColor: Pixel_8, _ flags: vImage_Flags
) -> vImage_Error {
    var background = backgroundColor
    let result = SeparableConvolution.run(
        .box, src: src.pointee, dest: dest.pointee, x: srcOffsetToROI_X, y: srcOffsetToROI_Y, height: kernel_height,
        width: kernel_width, background: &background, flags: flags, channels: 1)
    ConvolutionReport.send("vImageBoxConvolve_Planar8", dest: dest.pointee, kernel: (kernel_width, kernel_height), result: result)
    return result
}

/// `vImageTentConvolve_ARGB8888` on a buffer of one 8-bit channel a pixel.
@discardableResult
public func vImageTentConvolve_Planar8(
    _ src: UnsafePointer<vImage_Buffer>, _ dest: UnsafePointer<vImage_Buffer>, _ tempBuffer: UnsafeMutableRawPointer?,
    _ srcOffsetToROI_X: vImagePixelCount, _ srcOffsetToROI_Y: vImagePixelCount, _ kernel_height: UInt32, _ kernel_width: UInt32,
    _ backgroundColor: Pixel_8, _ flags: vImage_Flags
) -> vImage_Error {
    var background = backgroundColor
    let result = SeparableConvolution.run(
        .tent, src: src.pointee, dest: dest.pointee, x: srcOffsetToROI_X, y: srcOffsetToROI_Y, height: kernel_height,
        width: kernel_width, background: &background, flags: flags, channels: 1)
    ConvolutionReport.send("vImageTentConvolve_Planar8", dest: dest.pointee, kernel: (kernel_width, kernel_height), result: result)
    return result
}

/// `vImageConvolve_ARGB8888` on a buffer of one 8-bit channel a pixel.
@discardableResult
public func vImageConvolve_Planar8(
    _ src: UnsafePointer<vImage_Buffer>, _ dest: UnsafePointer<vImage_Buffer>, _ tempBuffer: UnsafeMutableRawPointer?,
    _ srcOffsetToROI_X: vImagePixelCount, _ srcOffsetToROI_Y: vImagePixelCount, _ kernel: UnsafePointer<Int16>?,
    _ kernel_height: UInt32, _ kernel_width: UInt32, _ divisor: Int32, _ backgroundColor: Pixel_8, _ flags: vImage_Flags
) -> vImage_Error {
    var background = backgroundColor
    let result: vImage_Error
    if let kernel {
        result = GeneralConvolution.run(
            src: src.pointee, dest: dest.pointee, x: srcOffsetToROI_X, y: srcOffsetToROI_Y, kernel: kernel, height: kernel_height,
            width: kernel_width, divisor: divisor, background: &background, flags: flags, channels: 1)
    } else {
        result = kvImageNullPointerArgument
    }
    ConvolutionReport.send("vImageConvolve_Planar8", dest: dest.pointee, kernel: (kernel_width, kernel_height), result: result)
    return result
}

/// One record a call in the report's `images` section (never per pixel).
enum ConvolutionReport {
    static func send(_ api: String, dest: vImage_Buffer, kernel: (UInt32, UInt32), result: vImage_Error) {
        var record: [String: JSONValue] = [
            "operation": .string("convolve"), "api": .string(api), "width": .integer(Int64(clamping: dest.width)),
            "height": .integer(Int64(clamping: dest.height)), "kernel": .string("\(kernel.0)×\(kernel.1)"),
        ]
        if result < 0 {
            record["error"] = .string(ConvolutionPlan.name(of: result))
            FileHandle.standardError.write(Data("\(api): \(ConvolutionPlan.name(of: result))\n".utf8))
        }
        NSESimReport.send(source: .image, .object(record))
    }
}
