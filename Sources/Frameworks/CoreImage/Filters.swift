import CoreGraphics
import Foundation

/// One of the built-in filters nsesim has: its inputs and how its output recipe is made.
struct FilterDefinition: Sendable {
    /// An input: its key, the class of its value, its default and range.
    struct Input: Sendable {
        let key: String
        let className: String
        let defaultValue: Default?
        let range: ClosedRange<Double>?

        /// An image input (no default).
        static func image(_ key: String) -> Input { Input(key: key, className: "CIImage", defaultValue: nil, range: nil) }
        /// A number input.
        static func number(_ key: String, _ value: Double, _ range: ClosedRange<Double>) -> Input {
            Input(key: key, className: "NSNumber", defaultValue: .number(value), range: range)
        }
        /// A colour input.
        static func color(_ key: String, _ value: CIColor) -> Input {
            Input(key: key, className: "CIColor", defaultValue: .color(value), range: nil)
        }
    }

    /// A default value.
    enum Default: Sendable {
        case number(Double)
        case color(CIColor)

        /// The value as the filter keeps it.
        var value: Any {
            switch self {
            case .number(let number): number
            case .color(let color): color
            }
        }
    }

    let name: String
    let displayName: String
    let categories: [String]
    let inputs: [Input]
    /// The output recipe for the inputs set, or nil when an image it needs is missing.
    let make: @Sendable (FilterArguments) -> CIImage?

    /// The filters by name.
    static let builtIn: [String: FilterDefinition] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.name, $0) })

    private static let common = [kCICategoryBuiltIn, kCICategoryStillImage]

    /// A filter that changes each pixel's colour on its own.
    private static func colorFilter(
        _ name: String, _ displayName: String, category: String, _ inputs: [Input],
        _ operation: @escaping @Sendable (FilterArguments) -> ColorOperation
    ) -> FilterDefinition {
        FilterDefinition(
            name: name, displayName: displayName, categories: [category] + common, inputs: [.image(kCIInputImageKey)] + inputs
        ) { arguments in
            arguments.image(kCIInputImageKey).map { CIImage(recipe: .colorChange($0, operation(arguments))) }
        }
    }

    private static let all: [FilterDefinition] = [
        FilterDefinition(
            name: "CIConstantColorGenerator", displayName: "Constant Color", categories: [kCICategoryGenerator] + common,
            inputs: [.color(kCIInputColorKey, CIColor(red: 1, green: 0, blue: 0))]
        ) { arguments in arguments.color(kCIInputColorKey).map { CIImage(color: $0) } },
        FilterDefinition(
            name: "CISourceOverCompositing", displayName: "Source Over", categories: [kCICategoryCompositeOperation] + common,
            inputs: [.image(kCIInputImageKey), .image(kCIInputBackgroundImageKey)]
        ) { arguments in
            guard let image = arguments.image(kCIInputImageKey) else { return nil }
            guard let background = arguments.image(kCIInputBackgroundImageKey) else { return image }
            return image.composited(over: background)
        },
        colorFilter(
            "CIColorControls", "Color Controls", category: kCICategoryColorAdjustment,
            [
                .number(kCIInputSaturationKey, 1, 0...2), .number(kCIInputBrightnessKey, 0, -1...1),
                .number(kCIInputContrastKey, 1, 0.25...4),
            ]
        ) { arguments in
            .controls(
                saturation: Float(arguments.number(kCIInputSaturationKey, 1)),
                brightness: Float(arguments.number(kCIInputBrightnessKey, 0)), contrast: Float(arguments.number(kCIInputContrastKey, 1)))
        },
        colorFilter("CIExposureAdjust", "Exposure Adjust", category: kCICategoryColorAdjustment, [.number(kCIInputEVKey, 0.5, -10...10)]) {
            .exposure(ev: Float($0.number(kCIInputEVKey, 0.5)))
        },
        colorFilter("CISepiaTone", "Sepia Tone", category: kCICategoryColorEffect, [.number(kCIInputIntensityKey, 1, 0...1)]) {
            .sepia(intensity: Float($0.number(kCIInputIntensityKey, 1)))
        },
        colorFilter(
            "CIColorMonochrome", "Color Monochrome", category: kCICategoryColorEffect,
            [.color(kCIInputColorKey, CIColor(red: 0.6, green: 0.45, blue: 0.3)), .number(kCIInputIntensityKey, 1, 0...1)]
        ) { arguments in
            let color = arguments.color(kCIInputColorKey) ?? CIColor(red: 0.6, green: 0.45, blue: 0.3)
            return .monochrome(
                red: Float(color.red), green: Float(color.green), blue: Float(color.blue),
                intensity: Float(arguments.number(kCIInputIntensityKey, 1)))
        },
        colorFilter("CIPhotoEffectMono", "Photo Effect Mono", category: kCICategoryColorEffect, []) { _ in .photoMono },
        colorFilter("CIColorInvert", "Color Invert", category: kCICategoryColorEffect, []) { _ in .invert },
        FilterDefinition(
            name: "CIGaussianBlur", displayName: "Gaussian Blur", categories: [kCICategoryBlur] + common,
            inputs: [.image(kCIInputImageKey), .number(kCIInputRadiusKey, 10, 0...100)]
        ) { arguments in
            arguments.image(kCIInputImageKey)?.applyingGaussianBlur(sigma: arguments.number(kCIInputRadiusKey, 10))
        },
        FilterDefinition(
            name: "CILanczosScaleTransform", displayName: "Lanczos Scale Transform", categories: [kCICategoryGeometryAdjustment] + common,
            inputs: [.image(kCIInputImageKey), .number(kCIInputScaleKey, 1, 0...1), .number(kCIInputAspectRatioKey, 1, 0.05...2)]
        ) { arguments in
            let scale = CGFloat(arguments.number(kCIInputScaleKey, 1))
            let aspect = CGFloat(arguments.number(kCIInputAspectRatioKey, 1))
            guard scale > 0, aspect > 0 else { return .empty() }
            return arguments.image(kCIInputImageKey)?.transformed(by: CGAffineTransform(scaleX: scale * aspect, y: scale))
        },
    ]
}
