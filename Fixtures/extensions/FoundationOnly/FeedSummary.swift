import UIKit

/// The titles of an RSS feed, with Foundation's XMLParser.
final class FeedSummary: NSObject, XMLParserDelegate {
    private var titles: [String] = []
    private var text = ""

    static func titles(of feed: String) -> String {
        let summary = FeedSummary()
        let parser = XMLParser(data: Data(feed.utf8))
        parser.delegate = summary
        parser.parse()
        return summary.titles.joined(separator: ", ")
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        text = ""
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        if elementName == "title" { titles.append(text) }
    }
}
