import Accelerate
import CoreGraphics
import UIKit

// Written as apps (and Kingfisher's `KingfisherWrapper.blurred(withRadius:)`) blur and sharpen
// an extension's images with vImage (Swift 5 mode): the picture drawn into a bitmap context,
// three box convolutions over its pixels as SVG approximates a Gaussian, a tent blur, and a
// sharpening kernel.

enum AvatarBlur {
    /// Kingfisher's `blurred(withRadius:)`, as it calls vImage.
    static func blurred(_ image: UIImage, radius: CGFloat) -> UIImage {
        guard let cgImage = image.cgImage else { return image }

        // http://www.w3.org/TR/SVG/filters.html#feGaussianBlurElement
        let s = max(radius, 2.0)
        let pi2 = 2 * CGFloat.pi
        let sqrtPi2 = sqrt(pi2)
        var targetRadius = floor(s * 3.0 * sqrtPi2 / 4.0 + 0.5)
        if targetRadius.truncatingRemainder(dividingBy: 2) == 0 { targetRadius += 1 }

        let iterations: Int
        if radius < 0.5 {
            iterations = 1
        } else if radius < 1.5 {
            iterations = 2
        } else {
            iterations = 3
        }

        func createEffectBuffer(_ context: CGContext) -> vImage_Buffer {
            let data = context.data
            let width = vImagePixelCount(context.width)
            let height = vImagePixelCount(context.height)
            let rowBytes = context.bytesPerRow
            return vImage_Buffer(data: data, height: height, width: width, rowBytes: rowBytes)
        }

        guard let inputContext = freshContext(for: cgImage) else { return image }
        inputContext.draw(cgImage, in: CGRect(x: 0, y: 0, width: cgImage.width, height: cgImage.height))
        var inBuffer = createEffectBuffer(inputContext)

        guard let outContext = freshContext(for: cgImage) else { return image }
        var outBuffer = createEffectBuffer(outContext)

        for _ in 0..<iterations {
            let flag = vImage_Flags(kvImageEdgeExtend)
            vImageBoxConvolve_ARGB8888(
                &inBuffer, &outBuffer, nil, 0, 0, UInt32(targetRadius), UInt32(targetRadius), nil, flag)
            (inBuffer, outBuffer) = (outBuffer, inBuffer)
        }

        let result = outContext.makeImage().flatMap {
            UIImage(cgImage: $0, scale: image.scale, orientation: image.imageOrientation)
        }
        return result ?? image
    }

    /// A tent blur `size` pixels wide (odd), or the error vImage returned.
    static func tentBlurred(_ cgImage: CGImage, size: UInt32) -> Result<CGImage, VImageFailure> {
        convolved(cgImage) { source, destination in
            vImageTentConvolve_ARGB8888(source, destination, nil, 0, 0, size, size, nil, vImage_Flags(kvImageEdgeExtend))
        }
    }

    /// The picture sharpened with a 3 × 3 kernel.
    static func sharpened(_ cgImage: CGImage) -> Result<CGImage, VImageFailure> {
        let kernel: [Int16] = [0, -1, 0, -1, 5, -1, 0, -1, 0]
        return convolved(cgImage) { source, destination in
            vImageConvolve_ARGB8888(source, destination, nil, 0, 0, kernel, 3, 3, 1, nil, vImage_Flags(kvImageEdgeExtend))
        }
    }

    /// A vImage error code.
    struct VImageFailure: Error, Equatable {
        let code: vImage_Error
    }

    /// The picture's pixels through `operation` (source and destination buffers of the same size).
    static func convolved(
        _ cgImage: CGImage,
        _ operation: (UnsafePointer<vImage_Buffer>, UnsafePointer<vImage_Buffer>) -> vImage_Error
    ) -> Result<CGImage, VImageFailure> {
        guard let input = freshContext(for: cgImage), let output = freshContext(for: cgImage) else {
            return .failure(VImageFailure(code: kvImageMemoryAllocationError))
        }
        input.draw(cgImage, in: CGRect(x: 0, y: 0, width: cgImage.width, height: cgImage.height))
        var source = vImage_Buffer(
            data: input.data, height: vImagePixelCount(input.height), width: vImagePixelCount(input.width), rowBytes: input.bytesPerRow)
        var destination = vImage_Buffer(
            data: output.data, height: vImagePixelCount(output.height), width: vImagePixelCount(output.width),
            rowBytes: output.bytesPerRow)
        let error = operation(&source, &destination)
        guard error == kvImageNoError else { return .failure(VImageFailure(code: error)) }
        guard let result = output.makeImage() else { return .failure(VImageFailure(code: kvImageInternalError)) }
        return .success(result)
    }

    /// Kingfisher's `CGContext.fresh(cgImage:)`: RGBA, alpha premultiplied last.
    static func freshContext(for cgImage: CGImage) -> CGContext? {
        CGContext(
            data: nil,
            width: cgImage.width,
            height: cgImage.height,
            bitsPerComponent: 8,
            bytesPerRow: 4 * cgImage.width,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue
        )
    }
}
