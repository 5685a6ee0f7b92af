import Foundation

/// Counts the entries of the release notes feed the app ships, with Foundation's XMLParser.
final class ReleaseNotes: NSObject, XMLParserDelegate {
    private var entries = 0

    static func summary() -> String {
        let feed = "<feed><entry>Streaks</entry><entry>Reminders</entry></feed>"
        let notes = ReleaseNotes()
        let parser = XMLParser(data: Data(feed.utf8))
        parser.delegate = notes
        return parser.parse() ? "\(notes.entries) new features" : "no notes"
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        if elementName == "entry" { entries += 1 }
    }
}
