/// An XML element with its attributes and child elements (text is not kept): enough for
/// Xcode's model files, read without FoundationXML (libxml2 and its dependencies would load
/// into every extension process that imports CoreData).
public struct XMLElementTree: Sendable, Equatable {
    /// The element's name.
    public let name: String
    /// Its attributes, entities decoded.
    public let attributes: [String: String]
    /// Its child elements, in order.
    public var children: [XMLElementTree]

    /// The children named `name`.
    public func children(named name: String) -> [XMLElementTree] { children.filter { $0.name == name } }

    /// Parses `text` into its root element. The error's reason says what was found where.
    public static func parse(_ text: String) throws(XMLElementTreeError) -> XMLElementTree {
        var parser = Parser(bytes: Array(text.utf8))
        return try parser.document()
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func document() throws(XMLElementTreeError) -> XMLElementTree {
            var stack: [XMLElementTree] = []
            var root: XMLElementTree?
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    index += 1  // text between elements
                    continue
                }
                if starts("<?") {
                    try skip(past: "?>")
                    continue
                }
                if starts("<!--") {
                    try skip(past: "-->")
                    continue
                }
                if starts("<![CDATA[") {
                    try skip(past: "]]>")
                    continue
                }
                if starts("<!") {
                    try skip(past: ">")
                    continue
                }
                if starts("</") {
                    index += 2
                    let name = readName()
                    skipSpaces()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fail("expected > after </\(name)") }
                    index += 1
                    guard let element = stack.popLast(), element.name == name else { throw fail("unexpected </\(name)>") }
                    if stack.isEmpty { root = root ?? element } else { stack[stack.count - 1].children.append(element) }
                    continue
                }
                index += 1
                let name = readName()
                guard !name.isEmpty else { throw fail("expected an element name") }
                var attributes: [String: String] = [:]
                while true {
                    skipSpaces()
                    guard index < bytes.count else { throw fail("unterminated <\(name)") }
                    if bytes[index] == UInt8(ascii: "/") {
                        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { throw fail("expected />") }
                        index += 2
                        let element = XMLElementTree(name: name, attributes: attributes, children: [])
                        if stack.isEmpty { root = root ?? element } else { stack[stack.count - 1].children.append(element) }
                        break
                    }
                    if bytes[index] == UInt8(ascii: ">") {
                        index += 1
                        stack.append(XMLElementTree(name: name, attributes: attributes, children: []))
                        break
                    }
                    let attribute = readName()
                    guard !attribute.isEmpty else { throw fail("expected an attribute name in <\(name)") }
                    skipSpaces()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw fail("expected = after \(attribute)") }
                    index += 1
                    skipSpaces()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                        throw fail("expected a quoted value for \(attribute)")
                    }
                    let quote = bytes[index]
                    index += 1
                    let start = index
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    guard index < bytes.count else { throw fail("unterminated value of \(attribute)") }
                    attributes[attribute] = Self.decodeEntities(String(decoding: bytes[start..<index], as: UTF8.self))
                    index += 1
                }
            }
            guard stack.isEmpty else { throw fail("<\(stack.last!.name)> is not closed") }
            guard let root else { throw fail("no element") }
            return root
        }

        func starts(_ prefix: String) -> Bool {
            let prefix = Array(prefix.utf8)
            return index + prefix.count <= bytes.count && Array(bytes[index..<index + prefix.count]) == prefix
        }

        mutating func skip(past end: String) throws(XMLElementTreeError) {
            let end = Array(end.utf8)
            while index + end.count <= bytes.count {
                if Array(bytes[index..<index + end.count]) == end {
                    index += end.count
                    return
                }
                index += 1
            }
            throw fail("unterminated \(String(decoding: end, as: UTF8.self))")
        }

        mutating func skipSpaces() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func readName() -> String {
            let start = index
            while index < bytes.count,
                !([0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "=")]
                    .contains(bytes[index]))
            { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        func fail(_ reason: String) -> XMLElementTreeError { XMLElementTreeError(offset: index, reason: reason) }

        static func decodeEntities(_ text: String) -> String {
            guard text.contains("&") else { return text }
            var result = ""
            var rest = Substring(text)
            while let amp = rest.firstIndex(of: "&") {
                result += rest[..<amp]
                guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
                let entity = rest[rest.index(after: amp)..<semicolon]
                switch entity {
                case "quot": result += "\""
                case "amp": result += "&"
                case "lt": result += "<"
                case "gt": result += ">"
                case "apos": result += "'"
                default:
                    let number =
                        entity.hasPrefix("#x")
                        ? UInt32(entity.dropFirst(2), radix: 16)
                        : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                    if let number, let scalar = Unicode.Scalar(number) {
                        result.unicodeScalars.append(scalar)
                    } else {
                        result += "&\(entity);"
                    }
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            return result + rest
        }
    }
}

/// Malformed XML: the byte offset and what was wrong.
public struct XMLElementTreeError: Error, Sendable, Equatable {
    /// Where, in bytes from the start.
    public let offset: Int
    /// What was expected or found.
    public let reason: String
}
