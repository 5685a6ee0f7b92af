import Foundation
import NSESimRuntime

/// View elements → `ViewNode`s (the interface description, docs/ARCHITECTURE.md#content-extensions).
extension StoryboardSceneConverter {
    /// The node of the view element `node` and of the views inside it.
    mutating func view(_ node: StoryboardXMLNode) throws(StoryboardError) -> JSONValue {
        let kind = StoryboardViewKind(element: node.name)
        var object: [String: JSONValue] = ["line": .integer(Int64(node.line))]
        if let id = node["id"] { object["id"] = .string(id) }
        switch kind {
        case .drawn(let name):
            object["class"] = .string(name)
        case .textAsLabel:
            object["class"] = .string("UILabel")
            warn(
                node,
                "<textView> \"\(node["id"] ?? "")\" is drawn as a multi-line UILabel showing its text "
                    + "(no scrolling, editing or links)")
        case .plain(let name):
            object["class"] = .string("UIView")
            warn(
                node,
                "<\(node.name)> \"\(node["id"] ?? "")\" (\(name)) is drawn as a plain UIView: nsesim draws views, "
                    + "labels, image views, buttons and stack views; its frame, colours, constraints and subviews are kept")
        }
        if let customClass = node["customClass"] { object["customClass"] = .string(customClass) }

        try common(node, into: &object)
        switch node.name {
        case "label": try label(node, into: &object)
        case "textView":
            try label(node, into: &object)
            object["numberOfLines"] = .integer(0)
        case "imageView": image(of: node, into: &object)
        case "button": try button(node, into: &object)
        case "stackView": try stack(node, into: &object)
        default: break
        }

        var subviews: [JSONValue] = []
        for child in node.child("subviews")?.children ?? [] {
            subviews.append(try view(child))
        }
        // A visual effect view's content view, a cell's content view: drawn as a subview.
        for child in node.children where child["key"] == "contentView" && child.name != "nil" {
            subviews.append(try view(child))
        }
        if !subviews.isEmpty { object["subviews"] = .array(subviews) }

        var constraints: [JSONValue] = []
        for child in node.child("constraints")?.children("constraint") ?? [] {
            if let constraint = try constraint(child) { constraints.append(constraint) }
        }
        if !constraints.isEmpty { object["constraints"] = .array(constraints) }

        let guides: [JSONValue] = node.children("viewLayoutGuide").compactMap { guide in
            guard let id = guide["id"] else { return nil }
            return .object(["id": .string(id), "key": .string(guide["key"] ?? "")])
        }
        if !guides.isEmpty { object["layoutGuides"] = .array(guides) }
        return .object(object)
    }

    /// What every view has: frame, autoresizing, visibility, colours, runtime attributes.
    private mutating func common(_ node: StoryboardXMLNode, into object: inout [String: JSONValue]) throws(StoryboardError) {
        if let frame = node.child("rect", key: "frame") {
            object["frame"] = .object([
                "x": try number(frame, "x", default: 0), "y": try number(frame, "y", default: 0),
                "width": try number(frame, "width", default: 0), "height": try number(frame, "height", default: 0),
            ])
        }
        if node["translatesAutoresizingMaskIntoConstraints"] == "NO" {
            object["translatesAutoresizingMaskIntoConstraints"] = .bool(false)
        }
        if let mask = node.child("autoresizingMask", key: "autoresizingMask") {
            var flags: [String: JSONValue] = [:]
            for (name, value) in mask.attributes where name != "key" {
                flags[name] = .bool(value == "YES")
            }
            object["autoresizingMask"] = .object(flags)
        }
        if node["hidden"] == "YES" { object["hidden"] = .bool(true) }
        if let alpha = try number(node, "alpha") { object["alpha"] = alpha }
        if node["clipsSubviews"] == "YES" { object["clipsToBounds"] = .bool(true) }
        if let tag = try number(node, "tag") { object["tag"] = tag }
        if node["userInteractionEnabled"] == "NO" { object["userInteractionEnabled"] = .bool(false) }
        if let mode = node["contentMode"] { object["contentMode"] = .string(mode) }
        if let color = try color(node, key: "backgroundColor") { object["backgroundColor"] = color }
        if let color = try color(node, key: "tintColor") { object["tintColor"] = color }
        try runtimeAttributes(node, into: &object)
    }

    /// `<userDefinedRuntimeAttributes>`: `layer.cornerRadius` and `layer.masksToBounds` are
    /// applied; the others are reported.
    private mutating func runtimeAttributes(_ node: StoryboardXMLNode, into object: inout [String: JSONValue]) throws(StoryboardError) {
        for attribute in node.child("userDefinedRuntimeAttributes")?.children("userDefinedRuntimeAttribute") ?? [] {
            let keyPath = attribute["keyPath"] ?? ""
            switch keyPath {
            case "layer.cornerRadius", "cornerRadius":
                let holder = attribute.child(key: "value") ?? attribute
                if let radius = try number(holder, "value") { object["cornerRadius"] = radius }
            case "layer.masksToBounds", "clipsToBounds":
                let value = attribute["value"] ?? attribute.child(key: "value")?["value"]
                object["clipsToBounds"] = .bool(value == "YES")
            default:
                warn(
                    attribute,
                    "the user-defined runtime attribute \"\(keyPath)\" of \"\(node["id"] ?? "")\" is not "
                        + "applied (nsesim applies layer.cornerRadius and layer.masksToBounds)")
            }
        }
    }

    /// A label's (or text view's) text, font, colour, lines and alignment.
    private mutating func label(_ node: StoryboardXMLNode, into object: inout [String: JSONValue]) throws(StoryboardError) {
        if let text = node["text"] ?? node.child("string", key: "text")?.text ?? node.child("mutableString", key: "text")?.text {
            object["text"] = .string(text)
        } else if let attributed = node.child("attributedString", key: "attributedText") {
            let fragments = attributed.children("fragment").map { $0["content"] ?? $0.child(key: "content")?.text ?? "" }
            object["text"] = .string(fragments.joined())
            warn(
                attributed,
                "the attributed text of \"\(node["id"] ?? "")\" is drawn as plain text in the label's font "
                    + "and colour (its fonts, colours and paragraph styles are not kept)")
        }
        if let font = try font(node.child("fontDescription", key: "fontDescription")) { object["font"] = font }
        if let color = try color(node, key: "textColor") { object["textColor"] = color }
        if let lines = try number(node, "numberOfLines") { object["numberOfLines"] = lines }
        if let alignment = node["textAlignment"] { object["textAlignment"] = .string(alignment) }
    }

    /// An image view's image: `image="name"`, or `<imageReference key="image">` (Xcode 13 and
    /// later, SF Symbols with `catalog="system"`).
    private mutating func image(of node: StoryboardXMLNode, into object: inout [String: JSONValue]) {
        if let name = imageName(node, owner: node) { object["image"] = .string(name) }
        if let highlighted = node["highlightedImage"], node["catalog"] != "system" { noteImage(highlighted) }
    }

    /// The image `node` names, noted in `imageNames` unless it is an SF Symbol.
    private mutating func imageName(_ node: StoryboardXMLNode, owner: StoryboardXMLNode) -> String? {
        let holder: StoryboardXMLNode
        if node["image"] != nil {
            holder = node
        } else if let reference = node.child("imageReference", key: "image") {
            holder = reference
        } else {
            return nil
        }
        guard let name = holder["image"], !name.isEmpty else { return nil }
        if holder["catalog"] == "system" {
            warn(
                holder,
                "the SF Symbol \"\(name)\" of \"\(owner["id"] ?? "")\" is not drawn (UIImage(named:) finds only "
                    + "the extension's own images; nsesim has no SF Symbols)")
        } else {
            noteImage(name)
        }
        return name
    }

    /// A button's type, title, title colour, image and font, from its normal state (or, for
    /// Xcode 13's configured buttons, from `<buttonConfiguration>`).
    private mutating func button(_ node: StoryboardXMLNode, into object: inout [String: JSONValue]) throws(StoryboardError) {
        switch node["buttonType"] {
        case nil, "custom": object["buttonType"] = .string("custom")
        case "system", "roundedRect": object["buttonType"] = .string("system")
        case let other?:
            object["buttonType"] = .string("system")
            warn(node, "the button type \"\(other)\" of \"\(node["id"] ?? "")\" is drawn as a system button")
        }
        let state = node.children("state").first { $0["key"] == "normal" }
        let configuration = node.child("buttonConfiguration", key: "configuration")
        if let title = state?["title"] ?? state?.child("string", key: "title")?.text ?? configuration?["title"] {
            object["title"] = .string(title)
        }
        if let state, let color = try color(state, key: "titleColor") {
            object["titleColor"] = color
        } else if let configuration, let color = try color(configuration, key: "baseForegroundColor") {
            object["titleColor"] = color
        }
        if let state, let name = imageName(state, owner: node) {
            object["image"] = .string(name)
        } else if let configuration, let name = imageName(configuration, owner: node) {
            object["image"] = .string(name)
        }
        // The images of the other states (selected, highlighted, disabled) are in the bundle too.
        for other in node.children("state") where other["key"] != "normal" {
            if let name = other["image"] ?? other.child("imageReference", key: "image")?["image"],
                other["catalog"] != "system", other.child("imageReference", key: "image")?["catalog"] != "system"
            {
                noteImage(name)
            }
        }
        let fontNode =
            node.child("fontDescription", key: "fontDescription")
            ?? configuration?.child("fontDescription", key: "titleFontDescription")
        if let font = try font(fontNode) { object["font"] = font }
    }

    /// A stack view's axis, spacing, distribution and alignment.
    private func stack(_ node: StoryboardXMLNode, into object: inout [String: JSONValue]) throws(StoryboardError) {
        if let axis = node["axis"] { object["axis"] = .string(axis) }
        if let spacing = try number(node, "spacing") { object["spacing"] = spacing }
        if let distribution = node["distribution"] { object["distribution"] = .string(distribution) }
        if let alignment = node["alignment"] { object["alignment"] = .string(alignment) }
    }

    /// A `<constraint>`: its items (which must be in the scene), attributes, relation,
    /// multiplier, constant and priority. An attribute nsesim does not know drops the
    /// constraint, with a warning.
    private mutating func constraint(_ node: StoryboardXMLNode) throws(StoryboardError) -> JSONValue? {
        let id = node["id"] ?? ""
        var object: [String: JSONValue] = ["id": .string(id), "line": .integer(Int64(node.line))]
        if node["firstItem"] != nil {
            object["firstItem"] = .string(try reference(node, "firstItem", what: "constraint \"\(id)\""))
        }
        if node["secondItem"] != nil {
            object["secondItem"] = .string(try reference(node, "secondItem", what: "constraint \"\(id)\""))
        }
        for key in ["firstAttribute", "secondAttribute"] {
            guard let written = node[key] else { continue }
            guard let attribute = Self.layoutAttribute(written) else {
                warn(node, "the constraint \"\(id)\" is left out: \(key)=\"\(written)\" is not a layout attribute")
                return nil
            }
            object[key] = .string(attribute)
        }
        guard object["firstAttribute"] != nil else {
            warn(node, "the constraint \"\(id)\" is left out: it has no firstAttribute")
            return nil
        }
        object["relation"] = .string(node["relation"] ?? "equal")
        object["multiplier"] = try multiplier(node)
        object["constant"] = try number(node, "constant") ?? .integer(0)
        object["priority"] = try number(node, "priority") ?? .integer(1000)
        return .object(object)
    }

    /// The contract's name of an Interface Builder layout attribute (`baseline`, written by
    /// old Xcode versions, is `lastBaseline`).
    static func layoutAttribute(_ written: String) -> String? {
        switch written {
        case "baseline": "lastBaseline"
        case "top", "bottom", "leading", "trailing", "left", "right", "width", "height", "centerX", "centerY",
            "firstBaseline", "lastBaseline", "topMargin", "bottomMargin", "leadingMargin", "trailingMargin",
            "leftMargin", "rightMargin", "centerXWithinMargins", "centerYWithinMargins":
            written
        default: nil
        }
    }
}
