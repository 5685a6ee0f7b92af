import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// One element of a storyboard file, with where it starts: the small tree the reader walks.
///
/// Interface Builder writes almost everything as attributes; the few texts it writes as
/// content (`<string key="text">` for a label's text with line breaks, the `<fragment>`s of
/// an attributed string) are kept in `text`.
package struct StoryboardXMLNode: Sendable, Equatable {
    /// The element's name: `viewController`, `label`, `constraint`, ...
    package var name: String
    /// Its attributes as written.
    package var attributes: [String: String]
    /// Its child elements, in order.
    package var children: [StoryboardXMLNode]
    /// The character data directly inside it (entities resolved).
    package var text: String
    /// The line of its start tag, from 1.
    package var line: Int
    /// The column XMLParser reports for its start tag, from 1.
    package var column: Int

    package init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.children = []
        self.text = ""
        self.line = line
        self.column = column
    }

    /// The attribute `name`.
    package subscript(name: String) -> String? { attributes[name] }

    /// The first child element named `name`, with `key="key"` when a key is given.
    package func child(_ name: String, key: String? = nil) -> StoryboardXMLNode? {
        children.first { $0.name == name && (key == nil || $0.attributes["key"] == key) }
    }

    /// The first child element with `key="key"`, whatever its name.
    package func child(key: String) -> StoryboardXMLNode? {
        children.first { $0.attributes["key"] == key }
    }

    /// The child elements named `name`.
    package func children(_ name: String) -> [StoryboardXMLNode] {
        children.filter { $0.name == name }
    }

    /// Every element below this one (not this one), depth first, in document order.
    package func descendants() -> [StoryboardXMLNode] {
        var found: [StoryboardXMLNode] = []
        var stack = Array(children.reversed())
        while let node = stack.popLast() {
            found.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return found
    }
}

/// Parses XML text into `StoryboardXMLNode`s with Foundation's `XMLParser` (libxml2 on
/// Linux), keeping the line of each element and the place and reason of a syntax error.
package enum StoryboardXMLTree {
    /// Where and why the text is not well-formed XML.
    package struct SyntaxError: Error, Sendable, Equatable {
        package var line: Int
        package var column: Int
        package var message: String
    }

    /// How deep elements may nest (a storyboard's views rarely go past 40).
    package static let maximumDepth = 256

    /// The document element of `data`.
    package static func parse(_ data: Data) throws(SyntaxError) -> StoryboardXMLNode {
        // Interface Builder writes UTF-8, and FoundationXML on Linux crashes (an illegal
        // instruction in _NSXMLParserStartElementNs) on an element or attribute name that is
        // not UTF-8: such text is refused before the parser sees it.
        if let offset = firstInvalidUTF8(in: data) {
            let before = data.prefix(offset)
            let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 - data.startIndex + 1 } ?? 0) + 1
            throw SyntaxError(line: line, column: column, message: "bytes that are not UTF-8, the encoding storyboards are written in")
        }
        let parser = XMLParser(data: data)
        let builder = Builder(positions: Positions(data))
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let succeeded = parser.parse()
        if builder.tooDeep, let failure = builder.failure {
            throw failure
        }
        let lastLine = data.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        if let open = builder.stack.last, builder.failure.map({ $0.line >= lastLine }) ?? true {
            // A file cut short: libxml2 says nothing when the text stops between elements, and
            // "tag not closed" when it stops inside one; the open element says more.
            throw SyntaxError(
                line: lastLine, column: 1,
                message: "the file ends before <\(open.name)> of line \(open.line) is closed; it may be cut short")
        }
        // libxml2 may recover and parse() return true after an error: the first error counts.
        if let failure = builder.failure {
            throw failure
        }
        guard succeeded, let root = builder.root else {
            let message = parser.parserError.map { describe($0) } ?? (data.isEmpty ? "the file is empty" : "the file holds no element")
            throw SyntaxError(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1), message: message)
        }
        return root
    }

    /// The offset of the first byte of `data` that does not decode as UTF-8, nil when all do.
    static func firstInvalidUTF8(in data: Data) -> Int? {
        if String(validating: data, as: UTF8.self) != nil { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// Words for XMLParser's error. On Linux its code is libxml2's `xmlParserErrors` number
    /// (which Foundation's `XMLParser.ErrorCode` does not follow past 60), so the words come
    /// from libxml2's list.
    static func describe(_ error: any Error) -> String {
        let code = (error as NSError).code
        return "\(libxml2Messages[code] ?? "libxml2 error"), XMLParser error \(code)"
    }

    /// libxml2's parser errors a damaged storyboard may have, in plain words.
    private static let libxml2Messages: [Int: String] = [
        1: "internal parser error",
        3: "the document does not start with an element",
        4: "the file holds no XML document",
        5: "text after the document's end, or the document is not closed",
        6: "a bad hexadecimal character reference", 7: "a bad decimal character reference",
        8: "a bad character reference", 9: "a character XML does not allow",
        23: "an entity reference without its ; (write &amp; for &)",
        24: "a parameter entity reference without a name", 22: "an & not followed by an entity name (write &amp;)",
        26: "an unknown entity (write &amp; for &)",
        31: "an unknown encoding", 32: "an unsupported encoding",
        33: "an attribute value does not start with a quote", 34: "an attribute value is not closed with a quote",
        38: "a < inside an attribute value (write &lt;)",
        39: "an attribute value does not start with a quote",
        40: "an attribute value is not closed with a quote",
        41: "an attribute has no value", 42: "an attribute is written twice in one tag",
        45: "a comment is not closed with -->", 47: "a processing instruction is not closed",
        57: "the XML declaration is not closed", 63: "a CDATA section is not closed",
        65: "a space is missing between attributes", 68: "a < not followed by an element name",
        72: "text where a < was expected", 73: "a tag is not closed with >", 74: "an end tag is not closed",
        75: "an attribute without =", 76: "an end tag does not match the element it closes",
        77: "a tag is not finished", 80: "a comment holds --", 81: "bytes that are not in the file's encoding",
        85: "the elements are not balanced", 86: "text after the document's end",
    ]

    /// Line starts of the text, to turn libxml2's place of a start tag (its end: the `>`, or
    /// the `/` of `/>`) into the place of its `<`.
    private struct Positions {
        let bytes: [UInt8]
        let lineStarts: [Int]

        init(_ data: Data) {
            bytes = Array(data)
            var starts = [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            lineStarts = starts
        }

        /// The line and column (from 1, in bytes) of the `<` that opens the tag ending at
        /// `line`:`column`; the place given when it cannot be found.
        func tagStart(line: Int, column: Int) -> (line: Int, column: Int) {
            guard line >= 1, line <= lineStarts.count, column >= 1 else { return (max(line, 1), max(column, 1)) }
            var offset = min(lineStarts[line - 1] + column - 1, bytes.count - 1)
            while offset >= 0, bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
            guard offset >= 0 else { return (line, column) }
            // The last line starting at or before the offset.
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return (low + 1, offset - lineStarts[low] + 1)
        }
    }

    /// The parser's delegate: a stack of open elements.
    private final class Builder: NSObject, XMLParserDelegate {
        let positions: Positions
        var stack: [StoryboardXMLNode] = []
        var root: StoryboardXMLNode?
        var failure: SyntaxError?
        /// Whether parsing stopped at `maximumDepth`.
        var tooDeep = false

        init(positions: Positions) {
            self.positions = positions
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let (line, column) = positions.tagStart(line: parser.lineNumber, column: parser.columnNumber)
            guard stack.count < StoryboardXMLTree.maximumDepth else {
                // Deeper trees would overflow the stack of the recursive steps after parsing.
                if failure == nil {
                    failure = SyntaxError(
                        line: line, column: column,
                        message: "elements nested more than "
                            + "\(StoryboardXMLTree.maximumDepth) deep, which Interface Builder never writes")
                    tooDeep = true
                }
                parser.abortParsing()
                return
            }
            stack.append(StoryboardXMLNode(name: elementName, attributes: attributeDict, line: line, column: column))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard let node = stack.popLast() else { return }
            if stack.isEmpty {
                if root == nil { root = node }
            } else {
                stack[stack.count - 1].children.append(node)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            // The first error is the one to mend; libxml2 may report more after it.
            guard failure == nil else { return }
            failure = SyntaxError(
                line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1),
                message: StoryboardXMLTree.describe(parseError))
        }
    }
}
