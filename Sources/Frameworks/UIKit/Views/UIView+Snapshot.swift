@_spi(NSESim) import CoreGraphics
import Foundation
import NSESimRuntime

/// The view tree as JSON, for the picture of the expanded notification: each view's nearest UIKit
/// class, its subclass, frame (in its superview's coordinates, rounded to half a point), what is
/// not a default (hidden, alpha, background colour, corner radius, clipping), and what its kind
/// shows (a label's text, font and colour; an image view's image as PNG; a button's title; a
/// stack view's arrangement). Colours are "#RRGGBBAA".
/// The tree is laid out first if it needs it (`layoutIfNeeded()`).
@_spi(NSESim) extension UIView {
    public func _nsesimSnapshot() -> JSONValue {
        layoutIfNeeded()
        return snapshotTree()
    }

    private func snapshotTree() -> JSONValue {
        var result: [String: JSONValue] = [:]
        let (base, kind) = snapshotClass
        result["class"] = .string(base)
        let dynamic = String(describing: type(of: self))
        if dynamic != base { result["customClass"] = .string(dynamic) }
        result["kind"] = .string(kind)
        result["frame"] = .object([
            "x": Self.half(frame.minX), "y": Self.half(frame.minY), "width": Self.half(frame.width), "height": Self.half(frame.height),
        ])
        if isHidden { result["hidden"] = .bool(true) }
        if alpha != 1 { result["alpha"] = .double(Double(alpha)) }
        if let color = backgroundColor { result["backgroundColor"] = .string(Self.hex(color)) }
        if layer.cornerRadius != 0 { result["cornerRadius"] = .double(Double(layer.cornerRadius)) }
        if clipsToBounds { result["clipsToBounds"] = .bool(true) }
        if contentMode != .scaleToFill || self is UIImageView { result["contentMode"] = .string(Self.contentModeName(contentMode)) }
        if let label = self as? UILabel {
            result["text"] = .string(label.text ?? "")
            result["font"] = Self.font(label.font)
            result["textColor"] = .string(Self.hex(label.textColor))
            result["numberOfLines"] = .integer(Int64(label.numberOfLines))
            result["textAlignment"] = .string(Self.alignmentName(label.textAlignment))
            if !label.isEnabled { result["enabled"] = .bool(false) }
        }
        if let imageView = self as? UIImageView, let image = imageView.shownImage {
            result["image"] = Self.image(image, shownIn: bounds.size)
        }
        if let button = self as? UIButton {
            if let title = button.currentTitle { result["title"] = .string(title) }
            result["titleColor"] = .string(Self.hex(button.currentTitleColor))
            if let label = button.titleLabel { result["font"] = Self.font(label.font) }
            if let image = button.currentImage { result["image"] = Self.image(image, shownIn: bounds.size) }
            if let configuration = button.configuration {
                result["font"] = Self.font(configuration.font)
                if backgroundColor == nil, let color = configuration.backgroundColor(tint: tintColor) {
                    result["backgroundColor"] = .string(Self.hex(color))
                    let radius = configuration.cornerRadius(height: frame.height)
                    if radius != 0 { result["cornerRadius"] = .double(Double(radius)) }
                }
            }
        }
        if let control = self as? UIControl, !control.isEnabled { result["enabled"] = .bool(false) }
        // Beyond the contract's kinds (drawn as views): what a renderer may use.
        if let progressView = self as? UIProgressView {
            result["progress"] = .double(Double(progressView.progress))
            result["progressTintColor"] = .string(Self.hex(progressView.progressTintColor ?? tintColor))
        }
        if let toggle = self as? UISwitch { result["on"] = .bool(toggle.isOn) }
        if let slider = self as? UISlider {
            let span = slider.maximumValue - slider.minimumValue
            result["value"] = .double(span > 0 ? Double((slider.value - slider.minimumValue) / span) : 0)
        }
        if let stack = self as? UIStackView {
            result["axis"] = .string(stack.axis == .vertical ? "vertical" : "horizontal")
            result["spacing"] = .double(Double(stack.spacing))
            result["distribution"] = .string(Self.distributionName(stack.distribution))
            result["alignment"] = .string(Self.alignmentName(stack.alignment, axis: stack.axis))
        }
        if !subviews.isEmpty { result["subviews"] = .array(subviews.map { $0.snapshotTree() }) }
        return .object(result)
    }

    /// The nearest UIKit class and the snapshot's kind.
    private var snapshotClass: (String, String) {
        var type: AnyClass = Swift.type(of: self)
        while !String(reflecting: type).hasPrefix("UIKit.") {
            guard let parent = _getSuperclass(type) else { break }
            type = parent
        }
        let name = String(describing: type)
        let kind =
            switch self {
            case is UIStackView: "stackView"
            case is UIButton: "button"
            case is UIImageView: "imageView"
            case is UILabel: "label"
            default: "view"
            }
        return (name, kind)
    }

    private static func half(_ value: CGFloat) -> JSONValue { .double((Double(value) * 2).rounded() / 2) }

    /// A colour as "#RRGGBBAA", upper-case hexadecimal.
    static func hex(_ color: UIColor) -> String {
        let rgba = color.rgba
        return "#"
            + [rgba.red8, rgba.green8, rgba.blue8, rgba.alpha8].map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    private static func font(_ font: UIFont) -> JSONValue {
        let name = font.weight.name
        let weight = name == "Ultralight" ? "ultraLight" : name.lowercased()
        return .object(["name": .string(font.fontName), "size": .double(Double(font.pointSize)), "weight": .string(weight)])
    }

    /// The image's size in points and scale, and its pixels as PNG for the picture: no more pixels
    /// than the view shows on the screen (its size at the screen's scale, the image covering it),
    /// so a large photo does not travel whole; encoded without a report record (it is nsesim's
    /// encode, not the extension's).
    private static func image(_ image: UIImage, shownIn size: CGSize) -> JSONValue {
        var result: [String: JSONValue] = [
            "width": .double(Double(image.size.width)), "height": .double(Double(image.size.height)), "scale": .double(Double(image.scale)),
        ]
        if let bitmap = image.bitmap, let png = shownPixels(bitmap, in: size).encoded(as: .png) {
            result["png"] = .string(png.base64EncodedString())
        }
        return .object(result)
    }

    private static func shownPixels(_ bitmap: Bitmap, in size: CGSize) -> Bitmap {
        let scale = Double(UIScreen.main.scale)
        let wanted = max(
            Double(size.width) * scale / Double(max(bitmap.width, 1)), Double(size.height) * scale / Double(max(bitmap.height, 1)))
        guard wanted > 0, wanted < 1 else { return bitmap }
        let width = max(1, Int((Double(bitmap.width) * wanted).rounded(.up)))
        let height = max(1, Int((Double(bitmap.height) * wanted).rounded(.up)))
        guard let smaller = try? Bitmap.canvas(width: width, height: height, opaque: bitmap.isOpaque) else { return bitmap }
        smaller.draw(bitmap, in: PixelRect(x: 0, y: 0, width: width, height: height))
        return smaller
    }

    private static func contentModeName(_ mode: ContentMode) -> String {
        switch mode {
        case .scaleToFill: "scaleToFill"
        case .scaleAspectFit: "scaleAspectFit"
        case .scaleAspectFill: "scaleAspectFill"
        case .redraw: "redraw"
        case .center: "center"
        case .top: "top"
        case .bottom: "bottom"
        case .left: "left"
        case .right: "right"
        case .topLeft: "topLeft"
        case .topRight: "topRight"
        case .bottomLeft: "bottomLeft"
        case .bottomRight: "bottomRight"
        }
    }

    private static func alignmentName(_ alignment: NSTextAlignment) -> String {
        switch alignment {
        case .left: "left"
        case .center: "center"
        case .right: "right"
        case .justified: "justified"
        case .natural: "natural"
        }
    }

    private static func distributionName(_ distribution: UIStackView.Distribution) -> String {
        switch distribution {
        case .fill: "fill"
        case .fillEqually: "fillEqually"
        case .fillProportionally: "fillProportionally"
        case .equalSpacing: "equalSpacing"
        case .equalCentering: "equalCentering"
        }
    }

    private static func alignmentName(_ alignment: UIStackView.Alignment, axis: NSLayoutConstraint.Axis) -> String {
        switch alignment {
        case .fill: "fill"
        case .leading: axis == .horizontal ? "top" : "leading"
        case .firstBaseline: "firstBaseline"
        case .center: "center"
        case .trailing: axis == .horizontal ? "bottom" : "trailing"
        case .lastBaseline: "lastBaseline"
        }
    }
}
