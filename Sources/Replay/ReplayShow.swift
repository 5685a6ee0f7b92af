import Foundation
import NSESimCore
import NSESimHost
import NSESimRuntime

/// A case's `show` (docs/behaviour.md#content-extensions): after the delivery (through the case's `extension`, the
/// service extension, when the payload invokes it), the content extension draws the
/// notification and the user's steps play.
///
/// ```json
/// "show": {"extension": "../ArticleContent", "categories": "../categories.json",
///          "steps": [{"action": "like"}, {"action": "reply", "userText": "Great"}, {"media": "play"}, {"dismiss": true}]},
/// "expect": {"contentExtension": {"matched": true, "titleShown": "Today's article",
///            "labels": {"titleLabel": "A lunar eclipse tonight"},
///            "steps": [{"option": "doNotDismiss", "labels": {"statusLabel": "♥ Liked"}}],
///            "appDelegate": ["reply"], "errors": ["not among the actions"]}}
/// ```
package struct ReplayShow: Sendable {
    /// The content extension folder, absolute.
    package var extensionPath: String
    /// Categories the app registers (the file's JSON array), besides the center's.
    package var categories: [JSONValue] = []
    package var steps: [ContentExtensionStep] = []

    init(_ object: [String: JSONValue], folder: URL, file: String) throws {
        guard let path = try object.string("extension", in: "show") else {
            throw ReplayError.badCase(file, "\"show\" needs \"extension\": the content extension's folder")
        }
        extensionPath = ReplayCase.resolve(path, in: folder)
        if let categories = try object.string("categories", in: "show") {
            let url = URL(fileURLWithPath: ReplayCase.resolve(categories, in: folder))
            guard let data = try? Data(contentsOf: url), let list = try? JSONValue.parse(data).arrayValue else {
                throw ReplayError.badCase(file, "show.categories: \(url.path) is not a JSON array of categories")
            }
            self.categories = list
        }
        for (index, step) in (try object.array("steps", in: "show") ?? []).enumerated() {
            guard let parsed = ContentExtensionStep(jsonValue: step) else {
                throw ReplayError.badCase(
                    file,
                    "show.steps[\(index)]: expected {\"action\": ID}, {\"action\": ID, \"userText\": TEXT}, "
                        + "{\"media\": \"play\"|\"pause\"} or {\"dismiss\": true}")
            }
            steps.append(parsed)
        }
    }
}

/// What a case expects of the content extension (`expect.contentExtension`); each part optional.
package struct ReplayContentExpectation: Sendable {
    package var matched: Bool?
    package var titleShown: String?
    /// Texts of the views the view controller holds, by property name, after `didReceive(_:)`.
    package var labels: [String: String]?
    /// Per step, in order: `option`, `forwardedToApp`, `labels`.
    package var steps: [JSONValue]?
    /// The action identifiers the app's delegate gets, in order.
    package var appDelegate: [String]?
    /// Texts the errors must contain, in order.
    package var errors: [String]?

    /// The keys a case may expect: fields of show's `contentExtension` section
    /// (``ShowReport/ContentExtension``) and `labels` (the outlets' texts in `presented`).
    static let keys = ["appDelegate", "errors", "labels", "matched", "steps", "titleShown"]
    /// The keys a step may expect (``ShowReport/Step``'s, and `labels` in `after`).
    static let stepKeys = ["forwardedToApp", "labels", "option"]

    init(_ object: [String: JSONValue]) throws {
        let path = "expect.contentExtension"
        for key in object.keys.sorted() where !Self.keys.contains(key) {
            throw ReplayExpectationError.unknownKey(path: path, key: key, known: Self.keys)
        }
        matched = try object.bool("matched", in: path)
        titleShown = try object.string("titleShown", in: path)
        labels = try object.object("labels", in: path).map { $0.compactMapValues(\.stringValue) }
        steps = try object.array("steps", in: path)
        for (index, step) in (steps ?? []).enumerated() {
            for key in (step.objectValue ?? [:]).keys.sorted() where !Self.stepKeys.contains(key) {
                throw ReplayExpectationError.unknownKey(path: "\(path).steps[\(index)]", key: key, known: Self.stepKeys)
            }
        }
        appDelegate = try object.strings("appDelegate", in: path)
        errors = try object.strings("errors", in: path)
    }

    /// Where the report's `contentExtension` section differs, one line each.
    func differences(from section: JSONValue) -> [String] {
        var differences: [String] = []
        if let matched, section["matched"]?.boolValue != matched {
            differences.append(
                "contentExtension.matched: expected \(matched), got \(section["matched"]?.boolValue.map(String.init) ?? "nothing")")
        }
        if let titleShown, section["titleShown"]?.stringValue != titleShown {
            differences.append(
                "contentExtension.titleShown: expected \"\(titleShown)\", got \(section["titleShown"]?.serializedString() ?? "nothing")")
        }
        if let labels {
            differences += Self.labelDifferences(labels, in: section["presented"]?["interface"], at: "contentExtension.labels")
        }
        let steps = section["steps"]?.arrayValue ?? []
        for (index, expected) in (self.steps ?? []).enumerated() {
            let at = "contentExtension.steps[\(index)]"
            guard index < steps.count else {
                differences.append("\(at): expected a step, but only \(steps.count) played")
                continue
            }
            for key in ["option", "forwardedToApp"] where expected[key] != nil && expected[key] != steps[index][key] {
                differences.append(
                    "\(at).\(key): expected \(expected[key]!.serializedString()), got \(steps[index][key]?.serializedString() ?? "nothing")"
                )
            }
            if let labels = expected["labels"]?.objectValue?.compactMapValues(\.stringValue) {
                differences += Self.labelDifferences(labels, in: steps[index]["after"]?["interface"], at: "\(at).labels")
            }
        }
        if let appDelegate {
            let got = (section["appDelegate"]?.arrayValue ?? []).compactMap { $0["actionIdentifier"]?.stringValue }
            if got != appDelegate { differences.append("contentExtension.appDelegate: expected \(appDelegate), got \(got)") }
        }
        if let errors {
            let got = (section["errors"]?.arrayValue ?? []).compactMap(\.stringValue)
            for expected in errors where !got.contains(where: { $0.contains(expected) }) {
                differences.append("contentExtension.errors: expected one containing \"\(expected)\", got \(got)")
            }
        }
        return differences
    }

    /// The texts (label text, button title) of the views named by outlet.
    static func texts(in node: JSONValue?) -> [String: String] {
        guard let node else { return [:] }
        var found: [String: String] = [:]
        if let outlet = node["outlet"]?.stringValue, let text = node["text"]?.stringValue ?? node["title"]?.stringValue {
            found[outlet] = text
        }
        for child in node["subviews"]?.arrayValue ?? [] { found.merge(texts(in: child)) { first, _ in first } }
        return found
    }

    private static func labelDifferences(_ expected: [String: String], in interface: JSONValue?, at path: String) -> [String] {
        let texts = texts(in: interface)
        return expected.sorted { $0.key < $1.key }.compactMap { outlet, text in
            texts[outlet] == text ? nil : "\(path).\(outlet): expected \"\(text)\", got \(texts[outlet].map { "\"\($0)\"" } ?? "no text")"
        }
    }
}
