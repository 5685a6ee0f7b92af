import Accelerate
import CoreGraphics
import CoreImage
import Foundation
import Testing
@_spi(NSESim) import UIKit

/// Core Image renders real pixels (in linear light, origin at the bottom left) for the filters
/// Kingfisher and extensions use, and vImage convolves real pixels with its edge modes and
/// error codes, as the samples (CoreImageSample.swift, AccelerateSample.swift) call them.
@Suite struct CoreImageBehaviourTests {
    /// A picture of one colour, `side` pixels.
    static func solid(_ color: UIColor, side: CGFloat = 16) -> UIImage {
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }
    }

    /// Black and white squares of `cell` pixels.
    static func checkerboard(side: Int, cell: Int) -> UIImage {
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            UIColor.black.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
            UIColor.white.setFill()
            for y in stride(from: 0, to: side, by: cell) {
                for x in stride(from: 0, to: side, by: cell) where (x / cell + y / cell) % 2 == 0 {
                    context.fill(CGRect(x: x, y: y, width: cell, height: cell))
                }
            }
        }
    }

    /// A picture red on its left half and blue on its right half.
    static func halves(width: CGFloat, height: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: width / 2, height: height))
            UIColor.blue.setFill()
            context.fill(CGRect(x: width / 2, y: 0, width: width / 2, height: height))
        }
    }

    /// A picture red on its top half and blue on its bottom half, drawn with UIKit (y down).
    static func topRedBottomBlue(side: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side / 2))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: side / 2, width: side, height: side / 2))
        }
    }

    static func rgba(_ image: UIImage, x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let pixel = image.pixel(x: x, y: y)
        return (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF), Int(pixel >> 24))
    }

    static func rgba(_ image: CGImage, x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        rgba(UIImage(cgImage: image), x: x, y: y)
    }

    /// The linear light of an 8-bit sRGB value.
    static func linear(_ value: Int) -> Double {
        let v = Double(value) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    @Test func tintGivesTheTintColour() throws {
        let red = Self.solid(.red)
        let opaque = AvatarEffects.tinted(red, with: .blue)
        #expect(opaque.size == red.size && opaque.cgImage?.width == 16)
        let pixel = Self.rgba(opaque, x: 8, y: 8)
        #expect(pixel.r == 0 && pixel.g == 0 && pixel.b == 255 && pixel.a == 255, "\(pixel)")
        // Half-transparent blue over red mixes in linear light: half of each, encoded back to sRGB.
        let half = Self.rgba(AvatarEffects.tinted(red, with: UIColor(red: 0, green: 0, blue: 1, alpha: 0.5)), x: 3, y: 3)
        #expect(abs(half.r - 188) <= 1 && half.g == 0 && abs(half.b - 188) <= 1 && half.a == 255, "\(half)")
    }

    @Test func saturationZeroIsGrey() throws {
        let halves = Self.halves(width: 20, height: 10)
        let grey = AvatarEffects.colorControlled(halves, brightness: 0, contrast: 1, saturation: 0, inputEV: 0)
        let left = Self.rgba(grey, x: 2, y: 5)
        let right = Self.rgba(grey, x: 17, y: 5)
        #expect(left.r == left.g && left.g == left.b, "\(left)")
        #expect(right.r == right.g && right.g == right.b, "\(right)")
        // Rec. 709 luminance: red 0.2126 and blue 0.0722 of linear white.
        let (leftLight, rightLight) = (Self.linear(left.r), Self.linear(right.r))
        #expect(abs(leftLight - 0.2126) < 0.005 && abs(rightLight - 0.0722) < 0.005, "\(left) \(right)")
        let mono = Self.rgba(AvatarEffects.mono(halves), x: 2, y: 5)
        #expect(mono.r == left.r && mono.g == left.g && mono.b == left.b)
        let sepia = Self.rgba(AvatarEffects.sepia(Self.solid(.white), intensity: 1), x: 1, y: 1)
        #expect(sepia.r == 255 && sepia.g > sepia.b && sepia.b < 255, "white through sepia is warm: \(sepia)")
    }

    @Test func exposureDoublesLinearLight() throws {
        let grey = Self.solid(UIColor(white: 100 / 255, alpha: 1))
        let brighter = AvatarEffects.colorControlled(grey, brightness: 0, contrast: 1, saturation: 1, inputEV: 1)
        let pixel = Self.rgba(brighter, x: 4, y: 4)
        #expect(abs(Self.linear(pixel.r) / Self.linear(100) - 2) < 0.03 && pixel.r == pixel.b, "\(pixel)")
        let darker = Self.rgba(AvatarEffects.colorControlled(grey, brightness: 0, contrast: 1, saturation: 1, inputEV: -1), x: 4, y: 4)
        #expect(abs(Self.linear(darker.r) / Self.linear(100) - 0.5) < 0.03, "\(darker)")
    }

    @Test func blurGrowsTheExtentAndAverages() throws {
        let board = Self.checkerboard(side: 64, cell: 1)
        let input = try #require(CIImage(image: board))
        let filter = try #require(CIFilter(name: "CIGaussianBlur"))
        filter.setValue(input, forKey: kCIInputImageKey)
        filter.setValue(4, forKey: kCIInputRadiusKey)
        let output = try #require(filter.outputImage)
        #expect(output.extent == CGRect(x: -12, y: -12, width: 88, height: 88))
        let context = CIContext(options: nil)
        let blurred = try #require(context.createCGImage(output, from: input.extent))
        #expect(blurred.width == 64 && blurred.height == 64)
        // Half the light of white in the middle; the edges fade into the clear outside.
        let middle = Self.rgba(blurred, x: 32, y: 32)
        let corner = Self.rgba(blurred, x: 0, y: 0)
        #expect(abs(Self.linear(middle.r) - 0.5) < 0.02 && middle.a == 255, "\(middle)")
        #expect(corner.a < 200, "\(corner)")
        // Clamped to its extent first, the blur keeps the edges opaque.
        let frosted = try #require(AvatarEffects.blurredBackground(board, radius: 4))
        #expect(Self.rgba(frosted, x: 0, y: 0).a == 255 && Self.rgba(frosted, x: 63, y: 63).a == 255)
        #expect(abs(Self.linear(Self.rgba(frosted, x: 32, y: 32).r) - 0.5) < 0.02)
    }

    @Test func recipesHaveTheirOriginAtTheBottomLeft() throws {
        let picture = Self.topRedBottomBlue(side: 20)
        let input = try #require(CIImage(image: picture))
        let context = CIContext()
        // y 0...10 in Core Image is the bottom half: blue.
        let bottom = try #require(context.createCGImage(input, from: CGRect(x: 0, y: 0, width: 20, height: 10)))
        #expect(Self.rgba(bottom, x: 5, y: 5).b == 255 && Self.rgba(bottom, x: 5, y: 5).r == 0)
        let moved = input.transformed(by: CGAffineTransform(translationX: 0, y: -10))
        #expect(moved.extent == CGRect(x: 0, y: -10, width: 20, height: 20))
        let top = try #require(context.createCGImage(moved, from: CGRect(x: 0, y: 0, width: 20, height: 10)))
        #expect(Self.rgba(top, x: 5, y: 5).r == 255, "the top half moved down")

        let small = CIImage(color: CIColor(red: 1, green: 0, blue: 0)).cropped(to: CGRect(x: 0, y: 0, width: 10, height: 10))
        let large = CIImage(color: .blue).cropped(to: CGRect(x: 0, y: 0, width: 20, height: 20))
        let composite = small.composited(over: large)
        #expect(composite.extent == CGRect(x: 0, y: 0, width: 20, height: 20))
        let image = try #require(context.createCGImage(composite, from: composite.extent))
        #expect(Self.rgba(image, x: 2, y: 17).r == 255 && Self.rgba(image, x: 2, y: 2).b == 255, "red at the bottom left")
        let half = try #require(AvatarEffects.thumbnail(picture, scale: 0.5))
        #expect(half.size == CGSize(width: 10, height: 10) && Self.rgba(half, x: 5, y: 1).r == 255 && Self.rgba(half, x: 5, y: 8).b == 255)
        let turned = try #require(
            context.createCGImage(
                input.transformed(by: CGAffineTransform(scaleX: 1, y: -1)), from: CGRect(x: 0, y: -20, width: 20, height: 20)))
        #expect(Self.rgba(turned, x: 10, y: 2).b == 255 && Self.rgba(turned, x: 10, y: 17).r == 255, "flipped")
    }

    @Test func filtersHaveKeysDefaultsAndUIKitImages() throws {
        let filter = try #require(CIFilter(name: "CIColorControls"))
        #expect(filter.name == "CIColorControls" && filter.outputKeys == [kCIOutputImageKey])
        #expect(Set(filter.inputKeys) == [kCIInputImageKey, kCIInputSaturationKey, kCIInputBrightnessKey, kCIInputContrastKey])
        #expect(filter.value(forKey: kCIInputSaturationKey) as? Double == 1)
        filter.setValue(0.25, forKey: kCIInputSaturationKey)
        filter.setDefaults()
        #expect(filter.value(forKey: kCIInputContrastKey) as? Double == 1 && filter.value(forKey: kCIInputSaturationKey) as? Double == 1)
        #expect(filter.attributes[kCIAttributeFilterName] as? String == "CIColorControls")
        #expect(filter.outputImage == nil, "no input image")
        #expect(CIFilter.filterNames(inCategory: kCICategoryBlur) == ["CIGaussianBlur"])

        let recipe = CIImage(color: CIColor(color: .green)).cropped(to: CGRect(x: 0, y: 0, width: 4, height: 2))
        let image = UIImage(ciImage: recipe)
        #expect(image.ciImage === recipe && image.size == CGSize(width: 4, height: 2) && Self.rgba(image, x: 1, y: 1).g == 255)
        #expect(UIImage(cgImage: try #require(image.cgImage)).ciImage == nil)
        #expect(CIColor(string: CIColor(red: 0.5, green: 0.25, blue: 1).stringRepresentation) == CIColor(red: 0.5, green: 0.25, blue: 1))
    }

    @Test func badInputIsRefused() throws {
        #expect(CIFilter(name: "CINoSuchFilter") == nil)
        let everywhere = CIImage(color: .red)
        #expect(everywhere.extent.isInfinite)
        #expect(CIContext(options: nil).createCGImage(everywhere, from: everywhere.extent) == nil, "an infinite extent is not rendered")
        #expect(CIContext().createCGImage(CIImage.empty(), from: .zero) == nil)

        var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
        let result: [vImage_Error] = pixels.withUnsafeMutableBytes { bytes in
            var buffer = vImage_Buffer(data: bytes.baseAddress, height: 4, width: 4, rowBytes: 16)
            var wide = vImage_Buffer(data: bytes.baseAddress, height: 2, width: 5, rowBytes: 20)
            var empty = vImage_Buffer()
            let extend = vImage_Flags(kvImageEdgeExtend)
            return [
                vImageBoxConvolve_ARGB8888(&buffer, &buffer, nil, 0, 0, 4, 3, nil, extend),
                vImageTentConvolve_ARGB8888(&buffer, &buffer, nil, 0, 0, 3, 0, nil, extend),
                vImageBoxConvolve_ARGB8888(&buffer, &buffer, nil, 0, 0, 3, 3, nil, vImage_Flags(kvImageEdgeExtend | kvImageTruncateKernel)),
                vImageBoxConvolve_ARGB8888(&buffer, &buffer, nil, 0, 0, 3, 3, nil, vImage_Flags(kvImageNoFlags)),
                vImageBoxConvolve_ARGB8888(&buffer, &wide, nil, 0, 0, 3, 3, nil, extend),
                vImageBoxConvolve_ARGB8888(&buffer, &buffer, nil, 0, 0, 3, 3, nil, vImage_Flags(kvImageBackgroundColorFill)),
                vImageBoxConvolve_ARGB8888(&empty, &buffer, nil, 0, 0, 3, 3, nil, extend),
                vImageBoxConvolve_ARGB8888(
                    &buffer, &buffer, nil, 0, 0, 99, 99, nil, vImage_Flags(kvImageEdgeExtend | kvImageGetTempBufferSize)),
            ]
        }
        #expect(
            result == [
                kvImageInvalidKernelSize, kvImageInvalidKernelSize, kvImageInvalidEdgeStyle, kvImageInvalidEdgeStyle,
                kvImageRoiLargerThanInputBuffer, kvImageNullPointerArgument, kvImageNullPointerArgument, 0,
            ])
        #expect(kvImageRoiLargerThanInputBuffer == -21766 && kvImageBufferSizeMismatch == -21774 && kvImageEdgeExtend == 8)
    }

    /// One row of five pixels, each channel `values`, convolved 1 × `width` with `flags`.
    static func row(_ values: [UInt8], flags: Int, background: UInt8 = 0, tent: Bool = false) -> [UInt8] {
        var source = values.flatMap { [$0, $0, $0, $0] }
        var output = [UInt8](repeating: 0, count: source.count)
        var color: [UInt8] = [background, background, background, background]
        let count = vImagePixelCount(values.count)
        let error = source.withUnsafeMutableBytes { sourceBytes in
            output.withUnsafeMutableBytes { outputBytes in
                var src = vImage_Buffer(data: sourceBytes.baseAddress, height: 1, width: count, rowBytes: values.count * 4)
                var dest = vImage_Buffer(data: outputBytes.baseAddress, height: 1, width: count, rowBytes: values.count * 4)
                return tent
                    ? vImageTentConvolve_ARGB8888(&src, &dest, nil, 0, 0, 1, 3, &color, vImage_Flags(flags))
                    : vImageBoxConvolve_ARGB8888(&src, &dest, nil, 0, 0, 1, 3, &color, vImage_Flags(flags))
            }
        }
        #expect(error == kvImageNoError)
        return stride(from: 1, to: output.count, by: 4).map { output[$0] }
    }

    @Test func vImageConvolvesWithItsEdgeModes() throws {
        #expect(Self.row([0, 0, 90, 0, 0], flags: kvImageEdgeExtend) == [0, 30, 30, 30, 0])
        #expect(Self.row([90, 0, 0, 0, 30], flags: kvImageEdgeExtend) == [60, 30, 0, 10, 20])
        #expect(Self.row([90, 0, 0, 0, 30], flags: kvImageTruncateKernel) == [45, 30, 0, 10, 15])
        #expect(Self.row([90, 0, 0, 0, 30], flags: kvImageBackgroundColorFill, background: 30) == [40, 30, 0, 10, 20])
        #expect(Self.row([90, 0, 0, 0, 30], flags: kvImageCopyInPlace) == [90, 30, 0, 10, 30])
        #expect(Self.row([0, 0, 100, 0, 0], flags: kvImageEdgeExtend, tent: true) == [0, 25, 50, 25, 0])
        // One channel a pixel (Planar8): a mask blurred the same way.
        var mask: [UInt8] = [0, 0, 90, 0, 0]
        var blurredMask = [UInt8](repeating: 0, count: 5)
        let planar = mask.withUnsafeMutableBytes { source in
            blurredMask.withUnsafeMutableBytes { destination in
                var src = vImage_Buffer(data: source.baseAddress, height: 1, width: 5, rowBytes: 5)
                var dest = vImage_Buffer(data: destination.baseAddress, height: 1, width: 5, rowBytes: 5)
                return vImageBoxConvolve_Planar8(&src, &dest, nil, 0, 0, 1, 3, 0, vImage_Flags(kvImageEdgeExtend))
            }
        }
        #expect(planar == kvImageNoError && blurredMask == [0, 30, 30, 30, 0])

        // A checkerboard of single pixels averages to grey; a picture of one colour stays that colour to its edges.
        let board = try #require(Self.checkerboard(side: 32, cell: 1).cgImage)
        let box = try AvatarBlur.convolved(board) { source, destination in
            vImageBoxConvolve_ARGB8888(source, destination, nil, 0, 0, 3, 3, nil, vImage_Flags(kvImageEdgeExtend))
        }.get()
        let middle = Self.rgba(box, x: 10, y: 10)
        #expect([113, 142].contains(middle.r) && middle.a == 255, "4 or 5 of 9 white: \(middle)")
        let blurred = AvatarBlur.blurred(Self.solid(UIColor(red: 0.2, green: 0.6, blue: 0.4, alpha: 1), side: 24), radius: 6)
        let edge = Self.rgba(blurred, x: 0, y: 23)
        #expect(edge.r == 51 && edge.g == 153 && edge.b == 102 && edge.a == 255, "\(edge)")
        let smooth = Self.rgba(AvatarBlur.blurred(Self.checkerboard(side: 64, cell: 2), radius: 8), x: 32, y: 32)
        #expect(abs(smooth.r - 128) <= 3, "\(smooth)")
        let tent = try AvatarBlur.tentBlurred(board, size: 3).get()
        #expect(abs(Self.rgba(tent, x: 10, y: 10).r - 128) <= 1)
        // Sharpening a flat picture changes nothing.
        let flat = try #require(Self.solid(.gray, side: 8).cgImage)
        #expect(Self.rgba(try AvatarBlur.sharpened(flat).get(), x: 4, y: 4).r == Self.rgba(flat, x: 4, y: 4).r)
        #expect(throws: AvatarBlur.VImageFailure(code: kvImageInvalidKernelSize)) { try AvatarBlur.tentBlurred(board, size: 2).get() }
    }
}
