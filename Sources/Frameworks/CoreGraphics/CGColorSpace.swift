import Foundation
import NSESimCFTypes

/// A colour space. nsesim keeps every colour and pixel as sRGB (or grey): a wide-gamut or linear
/// space is accepted by name and drawn as sRGB.
public final class CGColorSpace: @unchecked Sendable {
    /// The space's name (`CGColorSpace.sRGB`), nil for the device spaces.
    public let name: CFString?
    /// The space's model: rgb or monochrome.
    public let model: CGColorSpaceModel

    init(name: CFString?, model: CGColorSpaceModel) {
        self.name = name
        self.model = model
    }

    /// The named space, or nil when the name is not one of CoreGraphics' (CMYK and Lab spaces are
    /// not offered here).
    public convenience init?(name: CFString) {
        let text = name as String
        if Self.rgbNames.contains(text) {
            self.init(name: name, model: .rgb)
        } else if Self.grayNames.contains(text) {
            self.init(name: name, model: .monochrome)
        } else {
            return nil
        }
    }

    /// Colour components of a colour in this space (without alpha).
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    /// The standard RGB space.
    nonisolated(unsafe) public static let sRGB: CFString = "kCGColorSpaceSRGB" as NSString
    /// sRGB with components beyond 0...1.
    nonisolated(unsafe) public static let extendedSRGB: CFString = "kCGColorSpaceExtendedSRGB" as NSString
    /// sRGB primaries, linear transfer.
    nonisolated(unsafe) public static let linearSRGB: CFString = "kCGColorSpaceLinearSRGB" as NSString
    /// Extended linear sRGB.
    nonisolated(unsafe) public static let extendedLinearSRGB: CFString = "kCGColorSpaceExtendedLinearSRGB" as NSString
    /// Display P3 (drawn as sRGB here).
    nonisolated(unsafe) public static let displayP3: CFString = "kCGColorSpaceDisplayP3" as NSString
    /// Generic RGB, linear.
    nonisolated(unsafe) public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear" as NSString
    /// Adobe RGB (1998) (drawn as sRGB here).
    nonisolated(unsafe) public static let adobeRGB1998: CFString = "kCGColorSpaceAdobeRGB1998" as NSString
    /// ITU-R BT.709.
    nonisolated(unsafe) public static let itur_709: CFString = "kCGColorSpaceITUR_709" as NSString
    /// Grey with a gamma of 2.2.
    nonisolated(unsafe) public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2" as NSString
    /// Linear grey.
    nonisolated(unsafe) public static let linearGray: CFString = "kCGColorSpaceLinearGray" as NSString
    /// Extended grey.
    nonisolated(unsafe) public static let extendedGray: CFString = "kCGColorSpaceExtendedGray" as NSString

    private static let rgbNames: Set<String> = [
        "kCGColorSpaceSRGB", "kCGColorSpaceExtendedSRGB", "kCGColorSpaceLinearSRGB", "kCGColorSpaceExtendedLinearSRGB",
        "kCGColorSpaceDisplayP3", "kCGColorSpaceGenericRGBLinear", "kCGColorSpaceAdobeRGB1998", "kCGColorSpaceITUR_709",
        "kCGColorSpaceGenericRGB",
    ]
    private static let grayNames: Set<String> = [
        "kCGColorSpaceGenericGrayGamma2_2", "kCGColorSpaceLinearGray", "kCGColorSpaceExtendedGray",
    ]

    static let deviceRGB = CGColorSpace(name: nil, model: .rgb)
    static let deviceGray = CGColorSpace(name: nil, model: .monochrome)
}

/// The device-dependent RGB space (sRGB on iOS).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.deviceRGB }
/// The device-dependent grey space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.deviceGray }
/// The named space, or nil.
public func CGColorSpaceCreateWithName(_ name: CFString) -> CGColorSpace? { CGColorSpace(name: name) }
/// The space's model.
public func CGColorSpaceGetModel(_ space: CGColorSpace?) -> CGColorSpaceModel { space?.model ?? .unknown }
/// The components of a colour in the space.
public func CGColorSpaceGetNumberOfComponents(_ space: CGColorSpace?) -> Int { space?.numberOfComponents ?? 0 }

/// A colour space's kind.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1, monochrome = 0, rgb = 1, cmyk = 2, lab = 3, deviceN = 4, indexed = 5, pattern = 6, XYZ = 7
}
