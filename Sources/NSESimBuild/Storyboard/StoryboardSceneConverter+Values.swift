import Foundation
import NSESimRuntime

/// Attribute values → JSON: numbers, multipliers, colours and fonts as the interface description writes them.
extension StoryboardSceneConverter {
    /// The number attribute `attribute` of `node`, nil when absent; an error when it is not a
    /// finite number. Whole numbers are integers (`"0.0"` → `0`), others doubles.
    func number(_ node: StoryboardXMLNode, _ attribute: String) throws(StoryboardError) -> JSONValue? {
        guard let text = node[attribute] else { return nil }
        guard let value = Self.parseNumber(text) else {
            throw .badNumber(path: path, line: node.line, column: node.column, element: node.name, attribute: attribute, value: text)
        }
        return Self.json(value)
    }

    /// The number attribute `attribute`, `fallback` when absent.
    func number(_ node: StoryboardXMLNode, _ attribute: String, default fallback: Double) throws(StoryboardError) -> JSONValue {
        try number(node, attribute) ?? Self.json(fallback)
    }

    /// A constraint's multiplier: `"0.5"`, or the ratio `"16:9"` Interface Builder writes for
    /// aspect ratios (→ 1.777…); 1 when absent.
    func multiplier(_ node: StoryboardXMLNode) throws(StoryboardError) -> JSONValue {
        guard let text = node["multiplier"] else { return .integer(1) }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let value: Double?
        if parts.count == 2, let numerator = Self.parseNumber(String(parts[0])), let denominator = Self.parseNumber(String(parts[1])) {
            value = denominator == 0 ? nil : numerator / denominator
        } else if parts.count == 1 {
            value = Self.parseNumber(text)
        } else {
            value = nil
        }
        guard let value, value.isFinite else {
            throw .badNumber(path: path, line: node.line, column: node.column, element: node.name, attribute: "multiplier", value: text)
        }
        return Self.json(value)
    }

    /// A decimal number as Interface Builder writes it (`8`, `0.5`, `-16`, `1e-3`), finite.
    static func parseNumber(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// `value` as a JSON number: an integer when whole.
    static func json(_ value: Double) -> JSONValue {
        if value.rounded() == value, abs(value) < 1e15 { return .integer(Int64(value)) }
        return .double(value)
    }

    /// The colour element with `key="key"` under `node`: `{"rgba": [r, g, b, a]}` from
    /// red/green/blue/alpha (converted to sRGB from Display P3) or white/alpha, `{"system": name}` from `systemColor` or
    /// `cocoaTouchSystemColor`, `{"named": name}` from an asset catalog `name`. Nil when
    /// absent or `<nil key="...">`.
    mutating func color(_ node: StoryboardXMLNode, key: String) throws(StoryboardError) -> JSONValue? {
        guard let element = node.children.first(where: { $0.name == "color" && $0["key"] == key }) else { return nil }
        if let system = element["systemColor"] ?? element["cocoaTouchSystemColor"] {
            return .object(["system": .string(system)])
        }
        if let name = element["name"] {
            // A macOS-style catalog colour (`catalog="System"`) is a system colour.
            return element["catalog"] == "System" ? .object(["system": .string(name)]) : .object(["named": .string(name)])
        }
        let alpha = try number(element, "alpha", default: 1)
        if element["white"] != nil {
            let white = try number(element, "white", default: 0)
            return .object(["rgba": .array([white, white, white, alpha])])
        }
        guard element["red"] != nil || element["green"] != nil || element["blue"] != nil else {
            warn(element, "the colour \(key) of \"\(node["id"] ?? "")\" has no components nsesim reads; it is left unset")
            return nil
        }
        var components: [Double] = []
        for name in ["red", "green", "blue"] {
            components.append(try number(element, name, default: 0).numberValue ?? 0)
        }
        if let space = element["customColorSpace"] ?? element["colorSpace"], space.lowercased().contains("p3") {
            components = Self.sRGB(fromDisplayP3: components)
        }
        return .object(["rgba": .array(components.map(Self.json) + [alpha])])
    }

    /// Display P3 components as sRGB ones (the same transfer curve, a change of primaries),
    /// clamped to 0...1: what iOS shows of a P3 colour on an sRGB screen.
    static func sRGB(fromDisplayP3 components: [Double]) -> [Double] {
        func linear(_ value: Double) -> Double {
            value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        func encoded(_ value: Double) -> Double {
            let clamped = min(max(value, 0), 1)
            return clamped <= 0.0031308 ? clamped * 12.92 : 1.055 * pow(clamped, 1 / 2.4) - 0.055
        }
        let (r, g, b) = (linear(components[0]), linear(components[1]), linear(components[2]))
        return [
            encoded(1.2249401 * r - 0.2249404 * g),
            encoded(-0.0420569 * r + 1.0420571 * g),
            encoded(-0.0196376 * r - 0.0786361 * g + 1.0982735 * b),
        ]
    }

    /// A `<fontDescription>`: `{"textStyle": …}` for a text style, `{"name": …, "size": …}` for
    /// a named font, else `{"system": size, "weight": …}` (`boldSystem` is bold, `italicSystem`
    /// italic).
    func font(_ node: StoryboardXMLNode?) throws(StoryboardError) -> JSONValue? {
        guard let node else { return nil }
        if let style = node["style"] {
            return .object(["textStyle": .string(style)])
        }
        let size = try number(node, "pointSize", default: 17)
        if let name = node["name"] {
            return .object(["name": .string(name), "size": size])
        }
        var font: [String: JSONValue] = ["system": size]
        switch node["type"] {
        case "boldSystem":
            font["weight"] = .string("bold")
        case "italicSystem":
            font["weight"] = .string(node["weight"] ?? "regular")
            font["italic"] = .bool(true)
        default:
            font["weight"] = .string(node["weight"] ?? "regular")
        }
        return .object(font)
    }
}
