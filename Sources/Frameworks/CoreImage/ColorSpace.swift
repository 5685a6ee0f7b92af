import Foundation

/// sRGB's transfer function both ways, by table: Core Image works in linear light (its working
/// space is linear sRGB), while bitmaps keep 8-bit sRGB-encoded components.
enum ColorSpace {
    /// Linear value 0...1 of each 8-bit sRGB value.
    static let linear: [Float] = (0..<256).map { value in
        let v = Float(value) / 255
        return v <= 0.04045 ? v / 12.92 : Float(pow(Double((v + 0.055) / 1.055), 2.4))
    }

    /// Steps of the table from linear to 8-bit sRGB.
    static let steps = 16384

    /// 8-bit sRGB value of linear `i / steps`.
    static let encoded: [UInt8] = (0...steps).map { index in
        let v = Double(index) / Double(steps)
        let s = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8((min(max(s, 0), 1) * 255).rounded())
    }

    /// The 8-bit sRGB value of a linear value (clamped to 0...1).
    @inline(__always) static func encode(_ value: Float) -> UInt8 {
        encoded[Int(min(max(value, 0), 1) * Float(steps) + 0.5)]
    }

    /// The 8-bit value of a 0...1 value (alpha, or an sRGB-encoded component).
    @inline(__always) static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value, 0), 1) * 255 + 0.5)
    }
}

extension ColorSpace {
    /// The linear value of an sRGB-encoded value 0...1.
    static func toLinear(_ value: Float) -> Float {
        value <= 0.04045 ? value / 12.92 : Float(pow(Double((value + 0.055) / 1.055), 2.4))
    }

    /// The sRGB-encoded value 0...1 of a linear value.
    static func decodedToSRGB(_ value: Float) -> Float {
        let v = Double(min(max(value, 0), 1))
        return Float(v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055)
    }
}
