/// Where alpha sits in a pixel and whether colours are premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast = 1, premultipliedFirst = 2, last = 3, first = 4, noneSkipLast = 5, noneSkipFirst = 6,
        alphaOnly = 7
}

/// The byte order of a pixel's components.
public enum CGImageByteOrderInfo: UInt32, Sendable {
    /// The mask of the byte order bits.
    case orderMask = 0x7000
    /// The default: big endian, components in the order the alpha info names.
    case orderDefault = 0
    /// 16-bit little endian.
    case order16Little = 0x1000
    /// 32-bit little endian (BGRA for premultipliedFirst).
    case order32Little = 0x2000
    /// 16-bit big endian.
    case order16Big = 0x3000
    /// 32-bit big endian.
    case order32Big = 0x4000
}

/// A bitmap's layout: the alpha info in the low bits, the byte order, float components.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt32
    /// Bits of `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The layout with only `alpha` set.
    public init(alpha: CGImageAlphaInfo) { self.init(rawValue: alpha.rawValue) }

    /// The alpha info bits.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The float bits.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floats (not drawn into by nsesim).
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The byte order bits.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order.
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little endian.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 0x1000)
    /// 32-bit little endian.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 0x2000)
    /// 16-bit big endian.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 0x3000)
    /// 32-bit big endian.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 0x4000)
    /// The host's 32-bit order (little on every device).
    public static let byteOrder32Host = byteOrder32Little
    /// The host's 16-bit order.
    public static let byteOrder16Host = byteOrder16Little

    /// The alpha info of the layout.
    var alphaInfo: CGImageAlphaInfo { CGImageAlphaInfo(rawValue: rawValue & 0x1F) ?? .none }
    /// The byte order of the layout.
    var byteOrder: CGImageByteOrderInfo { CGImageByteOrderInfo(rawValue: rawValue & 0x7000) ?? .orderDefault }
}
