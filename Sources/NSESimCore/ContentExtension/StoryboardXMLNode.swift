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

    /// The document element of `data`.
    package static func parse(_ data: Data) throws(SyntaxError) -> StoryboardXMLNode {
        let parser = XMLParser(data: data)
        let builder = Builder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let succeeded = parser.parse()
        if let failure = builder.failure {
            throw failure
        }
        guard succeeded, let root = builder.root else {
            let error = parser.parserError.map { StoryboardXMLTree.describe($0) } ?? "the document has no element"
            throw SyntaxError(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1), message: error)
        }
        return root
    }

    /// Words for XMLParser's error: the name of its code ("tag name mismatch"), which
    /// libxml2's number alone does not say.
    static func describe(_ error: any Error) -> String {
        let code = (error as NSError).code
        if let known = XMLParser.ErrorCode(rawValue: code) {
            let words = knownMessages[known] ?? spaced(String(describing: known))
            return "\(words), XMLParser error \(code)"
        }
        return "XMLParser error \(code)"
    }

    /// Plainer words for the errors a damaged storyboard usually has.
    private static let knownMessages: [XMLParser.ErrorCode: String] = [
        .emptyDocumentError: "the file is empty",
        .prematureDocumentEndError: "the file ends before the document is closed",
        .tagNameMismatchError: "an end tag does not match the element it closes",
        .unfinishedTagError: "a tag is not finished",
        .gtRequiredError: "a tag is not closed with >",
        .ltRequiredError: "text where an element was expected",
        .attributeNotStartedError: "an attribute value does not start with a quote",
        .attributeNotFinishedError: "an attribute value is not closed with a quote",
        .attributeHasNoValueError: "an attribute has no value",
        .attributeRedefinedError: "an attribute is written twice in one tag",
        .lessThanSymbolInAttributeError: "a < inside an attribute value (write &lt;)",
        .entityRefLoopError: "an entity refers to itself",
        .undeclaredEntityError: "an unknown entity (write &amp; for &)",
        .entityReferenceMissingSemiError: "an entity reference without its ; (write &amp; for &)",
        .notWellBalancedError: "the elements are not well balanced",
        .documentStartError: "the document does not start with an element",
        .extraContentError: "text after the document's end",
    ]

    /// `tagNameMismatchError` → `tag name mismatch`.
    private static func spaced(_ name: String) -> String {
        var words = ""
        for character in name {
            if character.isUppercase {
                words += " " + character.lowercased()
            } else {
                words.append(character)
            }
        }
        return words.hasSuffix(" error") ? String(words.dropLast(6)) : words
    }

    /// The parser's delegate: a stack of open elements.
    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [StoryboardXMLNode] = []
        var root: StoryboardXMLNode?
        var failure: SyntaxError?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            stack.append(StoryboardXMLNode(name: elementName, attributes: attributeDict,
                                           line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
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
            failure = SyntaxError(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1),
                                  message: StoryboardXMLTree.describe(parseError))
        }
    }
}
