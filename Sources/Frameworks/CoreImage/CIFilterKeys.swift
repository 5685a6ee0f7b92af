// The keys of CIFilter's inputs, output and attributes (CIFilter.h), as iOS spells them.

/// The input image (a `CIImage`).
public let kCIInputImageKey = "inputImage"
/// The image a compositing filter draws the input image over (a `CIImage`).
public let kCIInputBackgroundImageKey = "inputBackgroundImage"
/// A colour (a `CIColor`).
public let kCIInputColorKey = "inputColor"
/// The brightness bias of `CIColorControls` (a number, default 0).
public let kCIInputBrightnessKey = "inputBrightness"
/// The contrast factor of `CIColorControls` (a number, default 1).
public let kCIInputContrastKey = "inputContrast"
/// The saturation factor of `CIColorControls` (a number, default 1).
public let kCIInputSaturationKey = "inputSaturation"
/// The exposure of `CIExposureAdjust` in F-stops (a number, default 0.5).
public let kCIInputEVKey = "inputEV"
/// A blur's radius (a number; `CIGaussianBlur`'s default is 10).
public let kCIInputRadiusKey = "inputRadius"
/// How strongly an effect applies, 0...1 (a number, default 1).
public let kCIInputIntensityKey = "inputIntensity"
/// A scale factor (a number).
public let kCIInputScaleKey = "inputScale"
/// A width-to-height factor (a number).
public let kCIInputAspectRatioKey = "inputAspectRatio"
/// The filter's result (a `CIImage`), what `outputImage` gives.
public let kCIOutputImageKey = "outputImage"

/// In `attributes`: the filter's name.
public let kCIAttributeFilterName = "CIAttributeFilterName"
/// In `attributes`: the filter's name for people.
public let kCIAttributeFilterDisplayName = "CIAttributeFilterDisplayName"
/// In `attributes`: the categories the filter is in.
public let kCIAttributeFilterCategories = "CIAttributeFilterCategories"
/// In an input's attributes: the class of its value ("CIImage", "NSNumber", "CIColor").
public let kCIAttributeClass = "CIAttributeClass"
/// In an input's attributes: its default value.
public let kCIAttributeDefault = "CIAttributeDefault"
/// In an input's attributes: the smallest value it takes.
public let kCIAttributeSliderMin = "CIAttributeSliderMin"
/// In an input's attributes: the largest value it takes.
public let kCIAttributeSliderMax = "CIAttributeSliderMax"

/// Filters that adjust colours.
public let kCICategoryColorAdjustment = "CICategoryColorAdjustment"
/// Filters that give colours an effect (sepia, mono).
public let kCICategoryColorEffect = "CICategoryColorEffect"
/// Filters that composite one image over another.
public let kCICategoryCompositeOperation = "CICategoryCompositeOperation"
/// Filters that make an image of nothing (constant colour).
public let kCICategoryGenerator = "CICategoryGenerator"
/// Blurs.
public let kCICategoryBlur = "CICategoryBlur"
/// Filters that change an image's geometry (scale).
public let kCICategoryGeometryAdjustment = "CICategoryGeometryAdjustment"
/// Filters Apple ships.
public let kCICategoryBuiltIn = "CICategoryBuiltIn"
/// Filters that work on still images.
public let kCICategoryStillImage = "CICategoryStillImage"
