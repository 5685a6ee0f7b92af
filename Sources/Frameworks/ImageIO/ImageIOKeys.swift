import Foundation
import NSESimCFTypes

// ImageIO's keys, with Apple's string values: image properties (`CGImageSourceCopyPropertiesAtIndex`),
// source options (thumbnails, caching) and destination options (`CGImageDestinationAddImage`).

/// ImageIO's `kCGImagePropertyPixelWidth` ("PixelWidth").
nonisolated(unsafe) public let kCGImagePropertyPixelWidth: CFString = "PixelWidth" as NSString
/// ImageIO's `kCGImagePropertyPixelHeight` ("PixelHeight").
nonisolated(unsafe) public let kCGImagePropertyPixelHeight: CFString = "PixelHeight" as NSString
/// ImageIO's `kCGImagePropertyOrientation` ("Orientation").
nonisolated(unsafe) public let kCGImagePropertyOrientation: CFString = "Orientation" as NSString
/// ImageIO's `kCGImagePropertyHasAlpha` ("HasAlpha").
nonisolated(unsafe) public let kCGImagePropertyHasAlpha: CFString = "HasAlpha" as NSString
/// ImageIO's `kCGImagePropertyDepth` ("Depth").
nonisolated(unsafe) public let kCGImagePropertyDepth: CFString = "Depth" as NSString
/// ImageIO's `kCGImagePropertyColorModel` ("ColorModel").
nonisolated(unsafe) public let kCGImagePropertyColorModel: CFString = "ColorModel" as NSString
/// ImageIO's `kCGImagePropertyColorModelRGB` ("RGB").
nonisolated(unsafe) public let kCGImagePropertyColorModelRGB: CFString = "RGB" as NSString
/// ImageIO's `kCGImagePropertyColorModelGray` ("Gray").
nonisolated(unsafe) public let kCGImagePropertyColorModelGray: CFString = "Gray" as NSString
/// ImageIO's `kCGImagePropertyFileSize` ("FileSize").
nonisolated(unsafe) public let kCGImagePropertyFileSize: CFString = "FileSize" as NSString
/// ImageIO's `kCGImagePropertyDPIWidth` ("DPIWidth").
nonisolated(unsafe) public let kCGImagePropertyDPIWidth: CFString = "DPIWidth" as NSString
/// ImageIO's `kCGImagePropertyDPIHeight` ("DPIHeight").
nonisolated(unsafe) public let kCGImagePropertyDPIHeight: CFString = "DPIHeight" as NSString
/// ImageIO's `kCGImagePropertyProfileName` ("ProfileName").
nonisolated(unsafe) public let kCGImagePropertyProfileName: CFString = "ProfileName" as NSString
/// ImageIO's `kCGImagePropertyIsFloat` ("IsFloat").
nonisolated(unsafe) public let kCGImagePropertyIsFloat: CFString = "IsFloat" as NSString
/// ImageIO's `kCGImagePropertyIsIndexed` ("IsIndexed").
nonisolated(unsafe) public let kCGImagePropertyIsIndexed: CFString = "IsIndexed" as NSString
/// ImageIO's `kCGImagePropertyExifDictionary` ("{Exif}").
nonisolated(unsafe) public let kCGImagePropertyExifDictionary: CFString = "{Exif}" as NSString
/// ImageIO's `kCGImagePropertyTIFFDictionary` ("{TIFF}").
nonisolated(unsafe) public let kCGImagePropertyTIFFDictionary: CFString = "{TIFF}" as NSString
/// ImageIO's `kCGImagePropertyGIFDictionary` ("{GIF}").
nonisolated(unsafe) public let kCGImagePropertyGIFDictionary: CFString = "{GIF}" as NSString
/// ImageIO's `kCGImagePropertyPNGDictionary` ("{PNG}").
nonisolated(unsafe) public let kCGImagePropertyPNGDictionary: CFString = "{PNG}" as NSString
/// ImageIO's `kCGImagePropertyJFIFDictionary` ("{JFIF}").
nonisolated(unsafe) public let kCGImagePropertyJFIFDictionary: CFString = "{JFIF}" as NSString
/// ImageIO's `kCGImagePropertyGPSDictionary` ("{GPS}").
nonisolated(unsafe) public let kCGImagePropertyGPSDictionary: CFString = "{GPS}" as NSString
/// ImageIO's `kCGImagePropertyHEICSDictionary` ("{HEICS}").
nonisolated(unsafe) public let kCGImagePropertyHEICSDictionary: CFString = "{HEICS}" as NSString
/// ImageIO's `kCGImagePropertyWebPDictionary` ("{WebP}").
nonisolated(unsafe) public let kCGImagePropertyWebPDictionary: CFString = "{WebP}" as NSString
/// ImageIO's `kCGImagePropertyTIFFOrientation` ("Orientation").
nonisolated(unsafe) public let kCGImagePropertyTIFFOrientation: CFString = "Orientation" as NSString
/// ImageIO's `kCGImagePropertyTIFFMake` ("Make").
nonisolated(unsafe) public let kCGImagePropertyTIFFMake: CFString = "Make" as NSString
/// ImageIO's `kCGImagePropertyTIFFModel` ("Model").
nonisolated(unsafe) public let kCGImagePropertyTIFFModel: CFString = "Model" as NSString
/// ImageIO's `kCGImagePropertyTIFFSoftware` ("Software").
nonisolated(unsafe) public let kCGImagePropertyTIFFSoftware: CFString = "Software" as NSString
/// ImageIO's `kCGImagePropertyTIFFDateTime` ("DateTime").
nonisolated(unsafe) public let kCGImagePropertyTIFFDateTime: CFString = "DateTime" as NSString
/// ImageIO's `kCGImagePropertyExifDateTimeOriginal` ("DateTimeOriginal").
nonisolated(unsafe) public let kCGImagePropertyExifDateTimeOriginal: CFString = "DateTimeOriginal" as NSString
/// ImageIO's `kCGImagePropertyExifDateTimeDigitized` ("DateTimeDigitized").
nonisolated(unsafe) public let kCGImagePropertyExifDateTimeDigitized: CFString = "DateTimeDigitized" as NSString
/// ImageIO's `kCGImagePropertyExifPixelXDimension` ("PixelXDimension").
nonisolated(unsafe) public let kCGImagePropertyExifPixelXDimension: CFString = "PixelXDimension" as NSString
/// ImageIO's `kCGImagePropertyExifPixelYDimension` ("PixelYDimension").
nonisolated(unsafe) public let kCGImagePropertyExifPixelYDimension: CFString = "PixelYDimension" as NSString
/// ImageIO's `kCGImagePropertyExifExposureTime` ("ExposureTime").
nonisolated(unsafe) public let kCGImagePropertyExifExposureTime: CFString = "ExposureTime" as NSString
/// ImageIO's `kCGImagePropertyExifFNumber` ("FNumber").
nonisolated(unsafe) public let kCGImagePropertyExifFNumber: CFString = "FNumber" as NSString
/// ImageIO's `kCGImagePropertyExifISOSpeedRatings` ("ISOSpeedRatings").
nonisolated(unsafe) public let kCGImagePropertyExifISOSpeedRatings: CFString = "ISOSpeedRatings" as NSString
/// ImageIO's `kCGImagePropertyExifFocalLength` ("FocalLength").
nonisolated(unsafe) public let kCGImagePropertyExifFocalLength: CFString = "FocalLength" as NSString
/// ImageIO's `kCGImagePropertyExifLensModel` ("LensModel").
nonisolated(unsafe) public let kCGImagePropertyExifLensModel: CFString = "LensModel" as NSString
/// ImageIO's `kCGImagePropertyGIFLoopCount` ("LoopCount").
nonisolated(unsafe) public let kCGImagePropertyGIFLoopCount: CFString = "LoopCount" as NSString
/// ImageIO's `kCGImagePropertyGIFDelayTime` ("DelayTime").
nonisolated(unsafe) public let kCGImagePropertyGIFDelayTime: CFString = "DelayTime" as NSString
/// ImageIO's `kCGImagePropertyGIFUnclampedDelayTime` ("UnclampedDelayTime").
nonisolated(unsafe) public let kCGImagePropertyGIFUnclampedDelayTime: CFString = "UnclampedDelayTime" as NSString
/// ImageIO's `kCGImagePropertyGIFHasGlobalColorMap` ("HasGlobalColorMap").
nonisolated(unsafe) public let kCGImagePropertyGIFHasGlobalColorMap: CFString = "HasGlobalColorMap" as NSString
/// ImageIO's `kCGImagePropertyPNGInterlaceType` ("InterlaceType").
nonisolated(unsafe) public let kCGImagePropertyPNGInterlaceType: CFString = "InterlaceType" as NSString
/// ImageIO's `kCGImageSourceTypeIdentifierHint` ("kCGImageSourceTypeIdentifierHint").
nonisolated(unsafe) public let kCGImageSourceTypeIdentifierHint: CFString = "kCGImageSourceTypeIdentifierHint" as NSString
/// ImageIO's `kCGImageSourceShouldCache` ("kCGImageSourceShouldCache").
nonisolated(unsafe) public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache" as NSString
/// ImageIO's `kCGImageSourceShouldCacheImmediately` ("kCGImageSourceShouldCacheImmediately").
nonisolated(unsafe) public let kCGImageSourceShouldCacheImmediately: CFString = "kCGImageSourceShouldCacheImmediately" as NSString
/// ImageIO's `kCGImageSourceShouldAllowFloat` ("kCGImageSourceShouldAllowFloat").
nonisolated(unsafe) public let kCGImageSourceShouldAllowFloat: CFString = "kCGImageSourceShouldAllowFloat" as NSString
/// ImageIO's `kCGImageSourceCreateThumbnailFromImageIfAbsent` ("kCGImageSourceCreateThumbnailFromImageIfAbsent").
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString =
    "kCGImageSourceCreateThumbnailFromImageIfAbsent" as NSString
/// ImageIO's `kCGImageSourceCreateThumbnailFromImageAlways` ("kCGImageSourceCreateThumbnailFromImageAlways").
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailFromImageAlways: CFString =
    "kCGImageSourceCreateThumbnailFromImageAlways" as NSString
/// ImageIO's `kCGImageSourceThumbnailMaxPixelSize` ("kCGImageSourceThumbnailMaxPixelSize").
nonisolated(unsafe) public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize" as NSString
/// ImageIO's `kCGImageSourceCreateThumbnailWithTransform` ("kCGImageSourceCreateThumbnailWithTransform").
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailWithTransform: CFString =
    "kCGImageSourceCreateThumbnailWithTransform" as NSString
/// ImageIO's `kCGImageSourceSubsampleFactor` ("kCGImageSourceSubsampleFactor").
nonisolated(unsafe) public let kCGImageSourceSubsampleFactor: CFString = "kCGImageSourceSubsampleFactor" as NSString
/// ImageIO's `kCGImageDestinationLossyCompressionQuality` ("kCGImageDestinationLossyCompressionQuality").
nonisolated(unsafe) public let kCGImageDestinationLossyCompressionQuality: CFString =
    "kCGImageDestinationLossyCompressionQuality" as NSString
/// ImageIO's `kCGImageDestinationBackgroundColor` ("kCGImageDestinationBackgroundColor").
nonisolated(unsafe) public let kCGImageDestinationBackgroundColor: CFString = "kCGImageDestinationBackgroundColor" as NSString
/// ImageIO's `kCGImageDestinationImageMaxPixelSize` ("kCGImageDestinationImageMaxPixelSize").
nonisolated(unsafe) public let kCGImageDestinationImageMaxPixelSize: CFString = "kCGImageDestinationImageMaxPixelSize" as NSString
/// ImageIO's `kCGImageDestinationEmbedThumbnail` ("kCGImageDestinationEmbedThumbnail").
nonisolated(unsafe) public let kCGImageDestinationEmbedThumbnail: CFString = "kCGImageDestinationEmbedThumbnail" as NSString
/// ImageIO's `kCGImageDestinationOptimizeColorForSharing` ("kCGImageDestinationOptimizeColorForSharing").
nonisolated(unsafe) public let kCGImageDestinationOptimizeColorForSharing: CFString =
    "kCGImageDestinationOptimizeColorForSharing" as NSString
