import Foundation
import NSESimRuntime

/// Where everything sits on the page, in CSS pixels (= points): computed, not measured, so
/// that the page height is known before the browser draws it. Text blocks get a number of
/// lines from their length (a generous estimate) and are clamped to it.
struct ExpandedNotificationLayout: Equatable {
    /// An iPhone 15 in points.
    static let pageWidth = 393.0
    static let margin = 24.0
    static let headerTop = 10.0
    static let headerBottom = 8.0
    static let contentPadding = 14.0
    static let contentTop = 10.0
    static let contentBottom = 12.0
    static let lineHeight = 20.0
    static let textSize = 15.0
    static let actionGap = 8.0
    static let actionRow = 44.0
    static let actionsMaxWidth = 250.0
    static let captionHeight = 28.0
    static let maxSubtitleLines = 2
    static let maxBodyLines = 12

    var platterX: Double
    var platterWidth: Double
    var headerHeight: Double
    /// The interface (or the attachment image) box, from the platter's top.
    var interfaceY: Double
    var interfaceHeight: Double
    var subtitleLines: Int
    var bodyLines: Int
    var defaultContentHeight: Double
    var platterHeight: Double
    var actionsY: Double
    var actionsWidth: Double
    var actionsHeight: Double
    var captionY: Double
    var pageHeight: Int

    init(_ notification: ExpandedNotification) {
        let width = notification.width.isFinite && notification.width >= 60 ? min(notification.width, Self.pageWidth) : 359
        platterWidth = width
        platterX = ((Self.pageWidth - width) / 2).rounded(.down)
        headerHeight = Self.headerTop + (notification.title.isEmpty ? 28 : 36) + Self.headerBottom
        interfaceY = headerHeight
        if notification.interface != nil {
            interfaceHeight = notification.height.isFinite ? min(max(0, notification.height), 4000) : 0
        } else if let image = notification.attachmentImage.flatMap(ImageHeader.init) {
            interfaceHeight = (width * Double(image.height) / Double(max(1, image.width))).rounded().clamped(20, width * 1.5)
        } else {
            interfaceHeight = 0
        }
        let textWidth = width - 2 * Self.contentPadding
        if notification.showsDefaultContent {
            subtitleLines = min(Self.lines(notification.subtitle, width: textWidth), Self.maxSubtitleLines)
            bodyLines = min(Self.lines(notification.body, width: textWidth), Self.maxBodyLines)
        } else {
            subtitleLines = 0
            bodyLines = 0
        }
        defaultContentHeight =
            subtitleLines + bodyLines == 0
            ? 0
            : Self.contentTop + Double(subtitleLines + bodyLines) * Self.lineHeight + Self.contentBottom
        platterHeight = headerHeight + interfaceHeight + defaultContentHeight
        actionsY = Self.margin + platterHeight + Self.actionGap
        actionsWidth = min(Self.actionsMaxWidth, width)
        actionsHeight = Double(notification.actions.count) * Self.actionRow
        captionY = Self.margin + platterHeight + (actionsHeight > 0 ? Self.actionGap + actionsHeight : 0)
        let bottom = captionY + (notification.dismissed ? Self.captionHeight : 0) + Self.margin
        pageHeight = Int(bottom.rounded(.up))
    }

    /// How many lines `text` takes at 15 px in `width`: each paragraph by its length, with
    /// 0.6 em a character (1.1 em for wide scripts), a generous guess for the fonts at hand.
    static func lines(_ text: String, width: Double) -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return 0 }
        return trimmed.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { total, paragraph in
            let ems = paragraph.unicodeScalars.reduce(0.0) { $0 + ($1.value >= 0x2E80 ? 1.1 : 0.6) }
            return total + max(1, Int((ems * textSize / max(40, width)).rounded(.up)))
        }
    }
}

extension Double {
    fileprivate func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), Swift.max(low, high)) }
}

/// The type and size of a PNG, JPEG or GIF, from its first bytes.
struct ImageHeader: Equatable {
    var mimeType: String
    var width: Int
    var height: Int

    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(64 * 1024))
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            mimeType = "image/png"
            width = be16(16) << 16 | be16(18)
            height = be16(20) << 16 | be16(22)
        } else if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) {
            mimeType = "image/gif"
            width = Int(bytes[6]) | Int(bytes[7]) << 8
            height = Int(bytes[8]) | Int(bytes[9]) << 8
        } else if bytes.count >= 4, bytes.starts(with: [0xFF, 0xD8]) {
            mimeType = "image/jpeg"
            var i = 2
            var found: (Int, Int)?
            while i + 9 < bytes.count, bytes[i] == 0xFF {
                let marker = bytes[i + 1]
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                    i += 2
                    continue
                }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    found = (be16(i + 7), be16(i + 5))
                    break
                }
                i += 2 + be16(i + 2)
            }
            guard let (w, h) = found else { return nil }
            width = w
            height = h
        } else {
            return nil
        }
        guard width > 0, height > 0 else { return nil }
    }
}

extension ExpandedNotification {
    /// The subtitle and body are drawn: always without an extension, else unless hidden.
    var showsDefaultContent: Bool { interface == nil || !defaultContentHidden }

    /// Where everything sits.
    var layout: ExpandedNotificationLayout { ExpandedNotificationLayout(self) }

    /// The page's height in CSS pixels: everything fits (the width is always 393).
    package var pageHeight: Int { layout.pageHeight }

    /// The page: a self-contained HTML document (images as data: URLs), 393 × `pageHeight`
    /// CSS pixels. Elements carry `data-` attributes for tests: `data-part` (header, title,
    /// interface, default-content, subtitle, body, attachment, actions, media-button,
    /// dismissed), `data-class`/`data-kind`/`data-outlet` on the snapshot's views,
    /// `data-action` on action rows.
    package var html: String {
        let layout = self.layout
        let name = appName.isEmpty ? "App" : appName
        let icon = Self.escape(String(name.prefix(1)).uppercased())
        var titleLine = title.isEmpty ? "" : "<div class=\"htitle\" data-part=\"title\">\(Self.escape(title))</div>"
        var iconHTML = "<span class=\"icon\">\(icon)</span>"
        if let sender {
            // A communication notification: the sender's avatar and name (and the group's) in the header.
            iconHTML = sender.avatarHTML(size: 28, appInitial: String(name.prefix(1)).uppercased())
            titleLine =
                "<div class=\"htitle\" data-part=\"title\">\(Self.escape(sender.groupName.map { "\(sender.name) · \($0)" } ?? sender.name))</div>"
        }
        let header = """
            <div class="header" data-part="header" style="height:\(Self.px(layout.headerHeight))">\(iconHTML)\
            <div class="hcol"><div class="app">\(Self.escape(name.uppercased()))</div>\(titleLine)</div><span class="time">now</span></div>
            """
        var interfaceBox = ""
        if let interface {
            var inner = Self.view(interface, depth: 0)
            if let mediaButton, mediaButton.type != "none" { inner += Self.media(mediaButton) }
            interfaceBox = """
                <div class="interface" data-part="interface" style="width:\(Self.px(layout.platterWidth));height:\(Self.px(layout.interfaceHeight))">\(inner)</div>
                """
        } else if layout.interfaceHeight > 0, let data = attachmentImage, let image = ImageHeader(data) {
            interfaceBox = """
                <div class="interface" data-part="attachment" style="width:\(Self.px(layout.platterWidth));height:\(Self.px(layout.interfaceHeight))">\
                <img class="attachment" src="data:\(image.mimeType);base64,\(data.base64EncodedString())" alt=""></div>
                """
        }
        var content = ""
        if layout.defaultContentHeight > 0 {
            let subtitle = layout.subtitleLines == 0 ? "" : Self.clamped("subtitle", self.subtitle, lines: layout.subtitleLines)
            let body = layout.bodyLines == 0 ? "" : Self.clamped("body", self.body, lines: layout.bodyLines)
            content = """
                <div class="content" data-part="default-content" style="height:\(Self.px(layout.defaultContentHeight))">\(subtitle)\(body)</div>
                """
        }
        let rows = actions.map { action in
            let classes = ["action", action.destructive ? "destructive" : nil, action.textInput ? "text-input" : nil].compactMap { $0 }
            let hint = action.textInput ? "<span class=\"hint\" title=\"text input\">⌨</span>" : ""
            let glyph =
                action.iconSystemName.map { "<span class=\"glyph\" data-icon=\"\(Self.escape($0))\">\(Self.glyph(for: $0))</span>" } ?? ""
            return """
                <div class="\(classes.joined(separator: " "))" data-action="\(Self.escape(action.identifier))"><span class="atitle">\(Self.escape(action.title))</span>\(hint)\(glyph)</div>
                """
        }
        let actionList =
            rows.isEmpty
            ? ""
            : """
            <div class="actions" data-part="actions" style="left:\(Self.px(layout.platterX));top:\(Self.px(layout.actionsY));width:\(Self.px(layout.actionsWidth))">\(rows.joined())</div>
            """
        let caption =
            dismissed
            ? """
            <div class="dismissed" data-part="dismissed" style="top:\(Self.px(layout.captionY + 6))">dismissed</div>
            """ : ""
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(Self.escape(name)): expanded notification</title>
            <style>
            html,body{margin:0;width:\(Int(ExpandedNotificationLayout.pageWidth))px;height:\(layout.pageHeight)px;overflow:hidden}
            body{position:relative;font-family:-apple-system,"SF Pro Text","Helvetica Neue",Arial,sans-serif;color:#000;background:#20232b}
            .wallpaper{position:absolute;inset:-40px;background:linear-gradient(160deg,#1d3b6e 0%,#4b3a68 55%,#8a5a4e 100%);filter:blur(24px) brightness(.55)}
            .platter{position:absolute;overflow:hidden;border-radius:20px;background:rgba(246,246,248,.94)}
            .header{display:flex;align-items:center;box-sizing:border-box;padding:\(Self.px(ExpandedNotificationLayout.headerTop)) 14px \(Self.px(ExpandedNotificationLayout.headerBottom))}
            .icon{flex:none;width:28px;height:28px;border-radius:7px;background:#2f7cf6;color:#fff;display:inline-flex;align-items:center;
              justify-content:center;font-weight:700;font-size:15px;margin-right:9px}
            .hcol{flex:1;min-width:0}.app{font-size:12px;line-height:16px;color:#6c6c70;letter-spacing:.3px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
            .htitle{font-size:15px;line-height:20px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
            .time{flex:none;font-size:12px;color:#6c6c70;margin-left:8px;align-self:flex-start;line-height:16px}
            .interface{position:relative;overflow:hidden}
            .attachment{display:block;width:100%;height:100%;object-fit:cover}
            .content{box-sizing:border-box;padding:\(Self.px(ExpandedNotificationLayout.contentTop)) \(Self.px(ExpandedNotificationLayout.contentPadding)) 0;font-size:15px;line-height:\(Self.px(ExpandedNotificationLayout.lineHeight))}
            .subtitle{font-weight:600}
            .subtitle,.body{display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden;white-space:pre-line;overflow-wrap:anywhere}
            .v{position:absolute;box-sizing:border-box;margin:0}
            .label{display:flex;align-items:center}
            .label>span{display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden;width:100%;white-space:pre-line;overflow-wrap:anywhere}
            .label>span.one{display:block;white-space:nowrap;text-overflow:ellipsis}
            .image>img{position:absolute;left:0;top:0;width:100%;height:100%}
            .button{display:flex;align-items:center;justify-content:center;gap:4px;font-size:15px;color:#007aff;white-space:nowrap;overflow:hidden}
            .button>img{flex:none}
            .media{position:absolute;z-index:10;display:flex;align-items:center;justify-content:center}
            .media>span{display:flex;align-items:center;justify-content:center;border-radius:50%;color:#fff;font-weight:700;line-height:1}
            .actions{position:absolute;overflow:hidden;border-radius:14px;background:rgba(246,246,248,.94)}
            .action{display:flex;align-items:center;box-sizing:border-box;height:\(Self.px(ExpandedNotificationLayout.actionRow));padding:0 16px;font-size:17px;
              border-top:1px solid rgba(60,60,67,.2)}
            .action:first-child{border-top:none}.atitle{flex:1;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
            .destructive{color:#ff3b30}.hint,.glyph{flex:none;margin-left:8px;color:#6c6c70;font-size:16px}.destructive .glyph{color:#ff3b30}
            .dismissed{position:absolute;left:0;right:0;text-align:center;font-size:13px;line-height:16px;color:rgba(255,255,255,.85);letter-spacing:.5px}
            </style></head>
            <body>
            <div class="wallpaper"></div>
            <div class="platter" data-part="platter" style="left:\(Self.px(layout.platterX));top:\(Self.px(ExpandedNotificationLayout.margin));width:\(Self.px(layout.platterWidth));height:\(Self.px(layout.platterHeight))">
            \(header)
            \(interfaceBox)
            \(content)
            </div>
            \(actionList)
            \(caption)
            </body></html>
            """
    }

    /// A subtitle or body block clamped to `lines`.
    private static func clamped(_ part: String, _ text: String, lines: Int) -> String {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return
            "<div class=\"\(part)\" data-part=\"\(part)\" style=\"-webkit-line-clamp:\(lines);max-height:\(px(Double(lines) * ExpandedNotificationLayout.lineHeight))\">\(escape(text))</div>"
    }

    // MARK: - The snapshot

    /// One snapshot view and its subviews, as nested absolutely positioned elements.
    private static func view(_ node: JSONValue, depth: Int) -> String {
        guard depth < 64, let object = node.objectValue else { return "" }
        let kind = object["kind"]?.stringValue ?? "view"
        let frame = rect(object["frame"])
        var style = ["left:\(px(frame.x))", "top:\(px(frame.y))", "width:\(px(frame.width))", "height:\(px(frame.height))"]
        if object["hidden"]?.boolValue == true { style.append("display:none") }
        if let alpha = object["alpha"]?.numberValue, alpha.isFinite, alpha < 1 { style.append("opacity:\(number(max(0, alpha)))") }
        if let colour = color(object["backgroundColor"]) { style.append("background-color:\(colour)") }
        if let radius = object["cornerRadius"]?.numberValue, radius.isFinite, radius > 0 { style.append("border-radius:\(px(radius))") }
        if object["clipsToBounds"]?.boolValue == true { style.append("overflow:hidden") }
        var attributes = ""
        for (attribute, key) in [("data-class", "class"), ("data-custom-class", "customClass"), ("data-outlet", "outlet")] {
            if let value = object[key]?.stringValue { attributes += " \(attribute)=\"\(escape(value))\"" }
        }
        attributes += " data-kind=\"\(escape(kind))\""
        var inner = ""
        var cssClass = "v"
        switch kind {
        case "label":
            cssClass += " label"
            style += font(object["font"], defaultSize: 17)
            style.append("color:\(color(object["textColor"]) ?? "#000")")
            style.append("text-align:\(alignment(object["textAlignment"]))")
            let lines = object["numberOfLines"]?.integerValue ?? 1
            let size = fontSize(object["font"], defaultSize: 17)
            style.append("line-height:\(px(size * 1.2))")
            let text = escape(object["text"]?.stringValue ?? "")
            inner =
                lines == 1
                ? "<span class=\"one\">\(text)</span>"
                : "<span\(lines > 1 ? " style=\"-webkit-line-clamp:\(lines)\"" : "")>\(text)</span>"
        case "imageView":
            cssClass += " image"
            if let image = image(object["image"]) {
                inner =
                    "<img src=\"\(image.source)\" alt=\"\" style=\"\(imagePlacement(image, in: frame, mode: object["contentMode"]?.stringValue))\">"
            }
        case "button":
            cssClass += " button"
            style += font(object["font"], defaultSize: 15)
            if object["enabled"]?.boolValue == false { style.append("filter:opacity(.35)") }
            if let image = image(object["image"]) {
                inner += "<img src=\"\(image.source)\" alt=\"\" style=\"width:\(px(image.width));height:\(px(image.height))\">"
            }
            if let title = object["title"]?.stringValue, !title.isEmpty {
                let colour = color(object["titleColor"]).map { " style=\"color:\($0)\"" } ?? ""
                inner += "<span\(colour)>\(escape(title))</span>"
            }
        default:
            break  // "view", "stackView": plain containers (the subviews carry their frames)
        }
        let children = (object["subviews"]?.arrayValue ?? []).map { view($0, depth: depth + 1) }.joined()
        return "<div class=\"\(cssClass)\"\(attributes) style=\"\(style.joined(separator: ";"))\">\(inner)\(children)</div>"
    }

    /// The play/pause button over the interface.
    private static func media(_ button: MediaButton) -> String {
        let values = button.frame.map { $0.isFinite ? $0 : 0 } + [0, 0, 0, 0]
        let frame = (x: values[0], y: values[1], width: max(0, values[2]), height: max(0, values[3]))
        let glyph = button.playing ? "❚❚" : "▶"
        let label = button.playing ? "pause" : "play"
        let side = min(frame.width, frame.height)
        let circle: String
        if button.type == "overlay" {
            let diameter = min(side, 74)
            let tint = color(button.tintColor.map(JSONValue.string)) ?? "#fff"
            circle =
                "<span style=\"width:\(px(diameter));height:\(px(diameter));background:rgba(0,0,0,.45);color:\(tint);font-size:\(px(diameter * 0.38))\">\(glyph)</span>"
        } else {
            let tint = color(button.tintColor.map(JSONValue.string)) ?? "#007aff"
            circle = "<span style=\"width:\(px(side));height:\(px(side));background:\(tint);font-size:\(px(side * 0.4))\">\(glyph)</span>"
        }
        return """
            <div class="media" data-part="media-button" data-type="\(escape(button.type))" data-state="\(label)" \
            style="left:\(px(frame.x));top:\(px(frame.y));width:\(px(frame.width));height:\(px(frame.height))">\(circle)</div>
            """
    }

    /// A snapshot image: a data: URL and its size in points.
    private static func image(_ value: JSONValue?) -> (source: String, width: Double, height: Double)? {
        guard let object = value?.objectValue, let base64 = object["png"]?.stringValue,
            let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters), !data.isEmpty
        else { return nil }
        let header = ImageHeader(data)
        let scale = max(object["scale"]?.numberValue ?? 1, 0.1)
        let width = object["width"]?.numberValue ?? Double(header?.width ?? 0) / scale
        let height = object["height"]?.numberValue ?? Double(header?.height ?? 0) / scale
        return ("data:\(header?.mimeType ?? "image/png");base64,\(data.base64EncodedString())", width, height)
    }

    /// The CSS placing an image in its view by UIKit's content mode.
    private static func imagePlacement(
        _ image: (source: String, width: Double, height: Double),
        in frame: (x: Double, y: Double, width: Double, height: Double), mode: String?
    ) -> String {
        switch mode ?? "scaleToFill" {
        case "scaleAspectFit": return "object-fit:contain"
        case "scaleAspectFill": return "object-fit:cover"
        case "scaleToFill", "redraw": return "object-fit:fill"
        case let other:
            let w = image.width
            let h = image.height
            let horizontal = other.lowercased()
            let x: Double = horizontal.hasSuffix("left") ? 0 : horizontal.hasSuffix("right") ? frame.width - w : (frame.width - w) / 2
            let y: Double = other.hasPrefix("top") ? 0 : other.hasPrefix("bottom") ? frame.height - h : (frame.height - h) / 2
            return "left:\(px(x));top:\(px(y));width:\(px(w));height:\(px(h));object-fit:fill"
        }
    }

    private static func rect(_ value: JSONValue?) -> (x: Double, y: Double, width: Double, height: Double) {
        var numbers: [Double]
        if let object = value?.objectValue {
            numbers = ["x", "y", "width", "height"].map { object[$0]?.numberValue ?? 0 }
        } else {
            numbers = (value?.arrayValue ?? []).map { $0.numberValue ?? 0 } + [0, 0, 0, 0]
        }
        numbers = numbers.map { $0.isFinite ? min(max($0, -100_000), 100_000) : 0 }
        return (numbers[0], numbers[1], max(0, numbers[2]), max(0, numbers[3]))
    }

    /// "#RRGGBB" or "#RRGGBBAA" as CSS `rgba(…)`; anything else: nil.
    private static func color(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue, text.hasPrefix("#") else { return nil }
        let hex = text.dropFirst()
        guard hex.count == 6 || hex.count == 8, let bits = UInt64(hex, radix: 16) else { return nil }
        let full = hex.count == 6 ? bits << 8 | 0xFF : bits
        let (r, g, b, a) = (full >> 24 & 0xFF, full >> 16 & 0xFF, full >> 8 & 0xFF, full & 0xFF)
        return "rgba(\(r),\(g),\(b),\(number(Double(a) / 255)))"
    }

    private static func fontSize(_ value: JSONValue?, defaultSize: Double) -> Double {
        guard let size = value?.objectValue?["size"]?.numberValue, size.isFinite, size > 0 else { return defaultSize }
        return min(size, 500)
    }

    /// CSS declarations for a snapshot font.
    private static func font(_ value: JSONValue?, defaultSize: Double) -> [String] {
        let object = value?.objectValue ?? [:]
        var style = ["font-size:\(px(fontSize(value, defaultSize: defaultSize)))"]
        let name = object["name"]?.stringValue ?? ""
        let weights = [
            "ultralight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600,
            "bold": 700, "heavy": 800, "black": 900,
        ]
        var weight = 400
        if let text = object["weight"]?.stringValue {
            weight = weights[text.lowercased()] ?? 400
        } else if let number = object["weight"]?.numberValue, number.isFinite {
            // UIFont.Weight raw values (-1…1) or CSS weights (100…900)
            weight =
                number > 1
                ? Int(min(max(number, 100), 900))
                : [(-0.7, 100), (-0.5, 200), (-0.2, 300), (0.15, 400), (0.27, 500), (0.35, 600), (0.5, 700), (0.6, 800)]
                    .first { number < $0.0 }?.1 ?? 900
        } else if let suffix = name.split(separator: "-").last.map({ $0.lowercased() }), name.contains("-") {
            weight = weights.first { suffix.hasPrefix($0.key) && $0.key != "regular" }?.value ?? (suffix.contains("bold") ? 700 : 400)
        }
        style.append("font-weight:\(weight)")
        if object["italic"]?.boolValue == true || name.lowercased().contains("italic") || name.lowercased().contains("oblique") {
            style.append("font-style:italic")
        }
        if !name.isEmpty, !name.hasPrefix("."), !name.lowercased().hasPrefix("system") {
            let family = String(name.split(separator: "-").first ?? "").filter { $0.isLetter || $0.isNumber || $0 == " " }
            let fallback =
                ["menlo", "courier", "monaco", "sfmono"].contains { family.lowercased().hasPrefix($0) } ? "monospace" : "sans-serif"
            if !family.isEmpty { style.append("font-family:'\(family)',-apple-system,'Helvetica Neue',Arial,\(fallback)") }
        }
        return style
    }

    private static func alignment(_ value: JSONValue?) -> String {
        switch value?.stringValue {
        case "center": "center"
        case "right": "right"
        case "justified": "justify"
        default: "left"
        }
    }

    /// A few SF Symbols as characters the Linux fonts have; others a dot.
    private static func glyph(for name: String) -> String {
        let base = name.split(separator: ".").first.map(String.init) ?? name
        let filled = name.contains(".fill")
        switch base {
        case "heart": return filled ? "♥" : "♡"
        case "star": return filled ? "★" : "☆"
        case "trash": return "✕"
        case "xmark": return "✕"
        case "checkmark": return "✓"
        case "bell": return "♪"
        case "play": return "▶"
        case "pause": return "❚❚"
        case "arrowshape", "arrow": return "↩"
        case "square": return "□"
        case "circle": return filled ? "●" : "○"
        default: return "•"
        }
    }

    /// A CSS pixel length.
    private static func px(_ value: Double) -> String { "\(number(value))px" }

    /// A number without needless decimals.
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Text for HTML.
    static func escape(_ text: String) -> String { LockScreen.escape(text) }
}
