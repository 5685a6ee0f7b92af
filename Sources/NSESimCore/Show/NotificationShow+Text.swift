import Foundation
import NSESimBuild
import NSESimHost
import NSESimRuntime

extension NotificationShow {
    /// The text of `nsesim show`: what the user sees after the long press and after each step.
    package var text: String {
        var lines: [String] = []
        let content = delivery.deliveredContent
        if serviceExtensionRan {
            lines.append("Service extension  \(delivery.outcome.rawValue)")
        }
        lines.append(
            "Delivered          \(Self.quoted(content["title"]?.stringValue)) \(Self.quoted(content["body"]?.stringValue)), "
                + "category \(category.isEmpty ? "(none)" : category)")
        let drawn = attributes.map { "draws \($0.categories.joined(separator: ", "))" } ?? ""
        guard let result else {
            lines.append("Content extension  \(contentExtension) (\(drawn)): not used, iOS shows the default interface")
            lines += warnings.map { "warning: \($0)" }
            return lines.joined(separator: "\n")
        }
        lines.append("Content extension  \(contentExtension) (\(drawn))")
        if let presented = result.presented {
            let size = presented["size"]
            lines.append(
                "Shown              header \"\(titleShown(after: presented))\"; default content "
                    + ((attributes?.defaultContentHidden ?? false) ? "hidden" : "shown") + "; "
                    + "\(Self.number(size?["width"]))×\(Self.number(size?["height"])) pt "
                    + "(ratio \(Self.number(.double(attributes?.initialContentSizeRatio ?? 1)))"
                    + Self.preferred(presented) + ")")
            lines.append("Calls              " + (presented["calls"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", "))
            lines.append("Interface after didReceive(_:)")
            lines += Self.tree(presented["interface"], depth: 1)
            lines.append("Actions (iOS shows at most \(Self.shownActionLimit))")
            let actions = presented["notificationActions"]?.arrayValue ?? []
            lines += actions.isEmpty ? ["  (none)"] : actions.map(Self.actionLine)
            if let media = presented["mediaButton"] {
                let frame = (media["frame"]?.arrayValue ?? []).map { Self.number($0) }
                lines.append(
                    "Media button       \(media["type"]?.stringValue ?? "") at \(frame.prefix(2).joined(separator: ",")) "
                        + "\(frame.dropFirst(2).joined(separator: "×")), tint \(media["tintColor"]?.stringValue ?? "")")
            }
        }
        for (index, step) in result.steps.enumerated() {
            var line = "Step \(index + 1): \(step.step.name)"
            if case .textInput(_, let text) = step.step { line += " \"\(text)\"" }
            if let option = step.option {
                line += " → .\(option)"
                if step.answer["implemented"]?.boolValue == false { line += " (didReceive(_:completionHandler:) not implemented)" }
                line +=
                    option == "doNotDismiss"
                    ? ": the interface stays"
                    : option == "dismiss"
                        ? ": the interface closes"
                        : ": the interface closes and the app's delegate gets the action"
            }
            lines.append(line)
            let calls = (step.answer["contextCalls"]?.arrayValue ?? []).compactMap { $0["call"]?.stringValue }
            if !calls.isEmpty { lines.append("  extensionContext: \(calls.joined(separator: ", "))") }
            // Only the views that changed since the previous answer.
            let before = Set(Self.tree(index == 0 ? result.presented?["interface"] : result.steps[index - 1].answer["interface"], depth: 1))
            let changed = Self.tree(step.answer["interface"], depth: 1).filter { !before.contains($0) }
            lines += changed.isEmpty ? ["  (the interface is unchanged)"] : changed.map { "  changed: " + $0.drop { $0 == " " } }
            let previous = index == 0 ? result.presented : result.steps[index - 1].answer
            if let actions = step.answer["notificationActions"], actions != previous?["notificationActions"] {
                lines.append(
                    "  actions now: "
                        + (actions.arrayValue ?? []).map { action in
                            "[\(action["identifier"]?.stringValue ?? "")] \(action["title"]?.stringValue ?? "")"
                        }.joined(separator: ", "))
            }
        }
        let forwarded = appDelegateResponses
        lines.append(
            "App delegate       "
                + (forwarded.isEmpty
                    ? "gets nothing"
                    : forwarded.map { response in
                        let identifier = response["actionIdentifier"]?.stringValue ?? ""
                        return identifier + (response["userText"]?.stringValue.map { " \"\($0)\"" } ?? "")
                    }.joined(separator: ", ")))
        if let closedBy = result.closedBy { lines.append("Closed by          \(closedBy)") }
        lines += (warnings + result.warnings).map { "warning: \($0)" }
        lines += result.records.filter { $0.source == NSESimReportSource.contentExtensionWarning.rawValue }
            .compactMap { $0.record.stringValue.map { "warning: \($0)" } }
        lines += result.errors.map { "error: \($0)" }
        if !result.errors.isEmpty, !result.log.isEmpty {
            // The start of what it printed: a crash's message and the crashed thread's first frames.
            let printed = result.log.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            lines.append("Log (first \(min(12, printed.count)) of \(printed.count) lines; all of them with --format json)")
            lines += printed.prefix(12).map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// One line per view: class, outlet, frame, then what it shows.
    static func tree(_ node: JSONValue?, depth: Int) -> [String] {
        guard let node, case .object = node else { return [] }
        var parts = [node["customClass"]?.stringValue ?? node["class"]?.stringValue ?? "UIView"]
        if let outlet = node["outlet"]?.stringValue { parts.append("(\(outlet))") }
        if let frame = node["frame"] {
            parts.append("\(number(frame["x"])),\(number(frame["y"])) \(number(frame["width"]))×\(number(frame["height"]))")
        }
        if node["hidden"]?.boolValue == true { parts.append("hidden") }
        if let text = node["text"]?.stringValue { parts.append(quoted(text)) }
        if let title = node["title"]?.stringValue { parts.append("title \(quoted(title))") }
        if let image = node["image"], case .object = image {
            parts.append("image \(number(image["width"]))×\(number(image["height"])) pt")
        }
        if let color = node["backgroundColor"]?.stringValue { parts.append("background \(color)") }
        var lines = [String(repeating: "  ", count: depth) + parts.joined(separator: " ")]
        for child in node["subviews"]?.arrayValue ?? [] { lines += tree(child, depth: depth + 1) }
        return lines
    }

    static func actionLine(_ action: JSONValue) -> String {
        let options = (action["options"]?.arrayValue ?? []).compactMap(\.stringValue)
        var line = "  [\(action["identifier"]?.stringValue ?? "")] \(action["title"]?.stringValue ?? "")"
        if action["textInputButtonTitle"] != nil { line += " (text input)" }
        if !options.isEmpty { line += " (\(options.joined(separator: ", ")))" }
        return line
    }

    private static func preferred(_ presented: JSONValue) -> String {
        guard let height = presented["preferredContentSize"]?["height"]?.numberValue, height > 0 else { return "" }
        return ", preferredContentSize height \(number(.double(height)))"
    }

    static func number(_ value: JSONValue?) -> String {
        guard let exact = value?.numberValue else { return "?" }
        let number = (exact * 10).rounded() / 10
        return number.rounded() == number ? String(Int(number)) : String(format: "%.1f", number)
    }

    static func quoted(_ text: String?) -> String { "\"\(text ?? "")\"" }
}
