import CImageBridge

/// Where a bitmap context's or image's components sit in memory, from CoreGraphics' bitmap info,
/// with the combinations iOS accepts for a bitmap context (8 bits a component: grey without alpha,
/// alpha only, RGB with premultiplied or skipped alpha first or last).
struct PixelLayout: Sendable, Equatable {
    var bytesPerPixel: Int
    var red = -1, green = -1, blue = -1, gray = -1, alpha = -1, skip = -1
    var premultiplied = false

    /// Why a layout is refused, in iOS's words.
    struct Refusal: Error, Equatable {
        let message: String
    }

    /// The layout of a context with these parameters, or iOS's reason for returning nil.
    static func context(bitsPerComponent: Int, components: Int, bitmapInfo: CGBitmapInfo) -> Result<PixelLayout, Refusal> {
        let alpha = bitmapInfo.alphaInfo
        let name = Self.name(alpha)
        guard bitsPerComponent == 8, !bitmapInfo.contains(.floatComponents) else {
            return .failure(
                Refusal(
                    message: "unsupported parameter combination: \(bitsPerComponent) bits/component, \(name) "
                        + "(nsesim draws 8 integer bits a component)"))
        }
        if alpha == .alphaOnly { return .success(PixelLayout(bytesPerPixel: 1, alpha: 0)) }
        if components == 1 {
            guard alpha == .none else {
                return .failure(
                    Refusal(
                        message:
                            "unsupported parameter combination: 8 integer bits/component; 8 bits/pixel; 1-component color space; \(name)"))
            }
            return .success(PixelLayout(bytesPerPixel: 1, gray: 0))
        }
        guard components == 3, [.premultipliedFirst, .premultipliedLast, .noneSkipFirst, .noneSkipLast].contains(alpha) else {
            return .failure(
                Refusal(
                    message: "unsupported parameter combination: 8 integer bits/component; 32 bits/pixel; 3-component color space; \(name) "
                        + "(use premultipliedFirst, premultipliedLast, noneSkipFirst or noneSkipLast)"))
        }
        return .success(rgb(alpha: alpha, little: bitmapInfo.byteOrder == .order32Little))
    }

    /// The layout of 8-bit RGB pixels, alpha (or the skipped byte) first or last, reversed when little endian.
    static func rgb(alpha: CGImageAlphaInfo, little: Bool) -> PixelLayout {
        let first = [.premultipliedFirst, .first, .noneSkipFirst].contains(alpha)
        // Big-endian order: A R G B (first) or R G B A (last); little endian reverses the four bytes.
        var order = first ? ["a", "r", "g", "b"] : ["r", "g", "b", "a"]
        if little { order.reverse() }
        var layout = PixelLayout(bytesPerPixel: 4)
        let hasAlpha = [.premultipliedFirst, .premultipliedLast, .first, .last].contains(alpha)
        for (index, component) in order.enumerated() {
            switch component {
            case "r": layout.red = index
            case "g": layout.green = index
            case "b": layout.blue = index
            default: if hasAlpha { layout.alpha = index } else { layout.skip = index }
            }
        }
        layout.premultiplied = alpha == .premultipliedFirst || alpha == .premultipliedLast
        return layout
    }

    /// The C bridge's form.
    var bridge: nsesim_pixel_layout {
        nsesim_pixel_layout(
            bytes_per_pixel: Int32(bytesPerPixel), red: Int32(red), green: Int32(green), blue: Int32(blue), gray: Int32(gray),
            alpha: Int32(alpha), skip: Int32(skip), premultiplied: premultiplied ? 1 : 0)
    }

    /// CoreGraphics' name of an alpha info, as its messages give it.
    static func name(_ alpha: CGImageAlphaInfo) -> String {
        switch alpha {
        case .none: "kCGImageAlphaNone"
        case .premultipliedLast: "kCGImageAlphaPremultipliedLast"
        case .premultipliedFirst: "kCGImageAlphaPremultipliedFirst"
        case .last: "kCGImageAlphaLast"
        case .first: "kCGImageAlphaFirst"
        case .noneSkipLast: "kCGImageAlphaNoneSkipLast"
        case .noneSkipFirst: "kCGImageAlphaNoneSkipFirst"
        case .alphaOnly: "kCGImageAlphaOnly"
        }
    }
}
