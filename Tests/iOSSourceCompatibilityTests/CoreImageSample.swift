import CoreImage
import UIKit
import UserNotifications

// Written as apps write an extension's avatar effects with Core Image (Swift 5 mode), the way
// Kingfisher's `Filter.tint`, `ColorControlsProcessor` and `BlackWhiteProcessor` call it: a
// tint composited over the picture, colour controls then exposure, grey, sepia, a blurred
// background clamped to its edges, a Lanczos thumbnail, and the result attached as a PNG.

enum AvatarEffects {
    // One context for every render, as Kingfisher keeps one.
    private static let ciContext = CIContext(options: nil)

    /// Kingfisher's `Filter.tint`: a constant colour composited over the picture, cropped to it.
    static func tinted(_ image: UIImage, with color: UIColor) -> UIImage {
        apply(to: image) { input in
            let colorFilter = CIFilter(name: "CIConstantColorGenerator")!
            colorFilter.setValue(CIColor(color: color), forKey: kCIInputColorKey)

            let filter = CIFilter(name: "CISourceOverCompositing")!

            let colorImage = colorFilter.outputImage
            filter.setValue(colorImage, forKey: kCIInputImageKey)
            filter.setValue(input, forKey: kCIInputBackgroundImageKey)

            return filter.outputImage?.cropped(to: input.extent)
        }
    }

    /// Kingfisher's `Filter.colorControl`: CIColorControls, then CIExposureAdjust.
    static func colorControlled(
        _ image: UIImage, brightness: CGFloat, contrast: CGFloat, saturation: CGFloat, inputEV: CGFloat
    ) -> UIImage {
        apply(to: image) { input in
            let paramsColor = [
                kCIInputBrightnessKey: brightness,
                kCIInputContrastKey: contrast,
                kCIInputSaturationKey: saturation,
            ]
            let blackAndWhite = input.applyingFilter("CIColorControls", parameters: paramsColor)
            let paramsExposure = [kCIInputEVKey: inputEV]
            return blackAndWhite.applyingFilter("CIExposureAdjust", parameters: paramsExposure)
        }
    }

    /// Kingfisher's `BlackWhiteProcessor`: saturation 0, a little contrast, a little darker.
    static func blackAndWhite(_ image: UIImage) -> UIImage {
        colorControlled(image, brightness: 0, contrast: 1, saturation: 0, inputEV: 0.7)
    }

    /// A grey avatar with the photo effect.
    static func mono(_ image: UIImage) -> UIImage {
        apply(to: image) { $0.applyingFilter("CIPhotoEffectMono") }
    }

    /// A sepia avatar.
    static func sepia(_ image: UIImage, intensity: Double) -> UIImage {
        apply(to: image) { input in
            guard let filter = CIFilter(name: "CISepiaTone") else { return nil }
            filter.setValue(input, forKey: kCIInputImageKey)
            filter.setValue(intensity, forKey: kCIInputIntensityKey)
            return filter.outputImage
        }
    }

    /// A frosted background: the picture's edges extended, blurred, cut back to its size.
    static func blurredBackground(_ image: UIImage, radius: Double) -> UIImage? {
        guard let input = CIImage(image: image) else { return nil }
        let filter = CIFilter(name: "CIGaussianBlur", parameters: [kCIInputImageKey: input.clampedToExtent(), kCIInputRadiusKey: radius])
        guard let output = filter?.value(forKey: kCIOutputImageKey) as? CIImage,
            let cgImage = ciContext.createCGImage(output, from: input.extent)
        else { return nil }
        return UIImage(cgImage: cgImage, scale: image.scale, orientation: image.imageOrientation)
    }

    /// A thumbnail `scale` times the picture's size, with the Lanczos filter.
    static func thumbnail(_ image: UIImage, scale: CGFloat) -> UIImage? {
        guard let input = image.cgImage.map(CIImage.init(cgImage:)) else { return nil }
        let output = input.applyingFilter("CILanczosScaleTransform", parameters: [kCIInputScaleKey: scale, kCIInputAspectRatioKey: 1])
        return ciContext.createCGImage(output, from: output.extent).map { UIImage(cgImage: $0) }
    }

    /// Kingfisher's `KingfisherWrapper.apply(_:)`: the filter on the CG-based image, rendered by the
    /// shared context; the picture itself when anything fails.
    static func apply(to image: UIImage, _ transform: (CIImage) -> CIImage?) -> UIImage {
        guard let cgImage = image.cgImage else { return image }
        let inputImage = CIImage(cgImage: cgImage)
        guard let outputImage = transform(inputImage) else { return image }
        guard let result = ciContext.createCGImage(outputImage, from: outputImage.extent) else { return image }
        return UIImage(cgImage: result, scale: image.scale, orientation: image.imageOrientation)
    }

    /// The effect named in the push payload applied to a downloaded avatar, attached as a PNG.
    static func attachment(for data: Data, effect: String, in directory: URL) throws -> UNNotificationAttachment? {
        guard let avatar = UIImage(data: data) else { return nil }
        let result: UIImage?
        switch effect {
        case "tint": result = tinted(avatar, with: UIColor(red: 0, green: 0.4, blue: 1, alpha: 0.35))
        case "mono": result = mono(avatar)
        case "sepia": result = sepia(avatar, intensity: 0.8)
        case "blur": result = blurredBackground(avatar, radius: 8)
        default: result = avatar
        }
        guard let png = result?.pngData() else { return nil }
        let url = directory.appendingPathComponent("avatar-\(effect).png")
        try png.write(to: url)
        return try UNNotificationAttachment(identifier: "avatar", url: url, options: nil)
    }
}
