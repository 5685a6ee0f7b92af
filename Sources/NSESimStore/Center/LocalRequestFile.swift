import AttachmentValidation
import Foundation
import NSESimCenter
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// Local notification requests read from a JSON file (`nsesim schedule FILE`): one request
/// or an array of them, each `{"identifier", "content": {...}, "trigger": {...}|null}` with
/// Apple's property names; attachment URLs are paths relative to the file, validated as a
/// push's attachments are.
package enum LocalRequestFile {
    /// The requests of the file at `url`, checked with Apple's rules.
    package static func read(_ url: URL, added: Double) throws(AppCenterError) -> [CenterState.Pending] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .missingFile(
                "\(url.path): no such file; write the requests as JSON (see docs/center.md, \"Scheduling local notifications\")")
        }
        let value: JSONValue
        do { value = try JSONValue.parse(data) } catch { throw .invalidRequest("\(url.path): not valid JSON: \(error)") }
        let items = value.arrayValue ?? [value]
        guard !items.isEmpty else { throw .invalidRequest("\(url.path): the array holds no request") }
        return try items.enumerated().map { (index, item) throws(AppCenterError) in
            try request(
                item, path: items.count == 1 && value.arrayValue == nil ? "\(url.path)" : "\(url.path) [\(index)]",
                folder: url.deletingLastPathComponent(), added: added)
        }
    }

    /// One request: `identifier` (a string), `content` (non-empty), `trigger` (or null: now).
    static func request(_ item: JSONValue, path: String, folder: URL, added: Double) throws(AppCenterError) -> CenterState.Pending {
        guard item.objectValue != nil else {
            throw .invalidRequest("\(path): a request is an object {\"identifier\", \"content\", \"trigger\"}")
        }
        guard let identifier = item["identifier"]?.stringValue, !identifier.isEmpty else {
            throw .invalidRequest("\(path): \"identifier\" is missing; give each request a non-empty string identifier")
        }
        let content: UNMutableNotificationContent
        do {
            content = try UNMutableNotificationContent.fromJSON(
                resolvingAttachments(in: item["content"] ?? .object([:]), folder: folder),
                path: "content")
        } catch {
            throw .invalidRequest("\(path): request \"\(identifier)\": \(error)")
        }
        guard !(content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty && content.sound == nil && content.badge == nil)
        else {
            throw .invalidRequest(
                "\(path): request \"\(identifier)\": the content has no title, body, sound or badge "
                    + "(UNErrorCodeNotificationInvalidNoContent); add \"title\" or \"body\"")
        }
        // Each attachment validated as a push's, with the type validation found.
        var attachments: [JSONValue] = []
        for attachment in content.attachments {
            do {
                let validated = try AttachmentValidator.validate(fileAt: attachment.url, options: attachment.options)
                var object = attachment.jsonValue.objectValue ?? [:]
                object["type"] = .string(validated.type.identifier)
                attachments.append(.object(object))
            } catch {
                throw .invalidRequest("\(path): request \"\(identifier)\": attachment \"\(attachment.identifier)\": \(error)")
            }
        }
        var stored = content.jsonValue.objectValue ?? [:]
        stored["attachments"] = .array(attachments)
        let trigger = item["trigger"] ?? .null
        if trigger != .null {
            do { _ = try CenterTrigger(jsonValue: trigger) } catch {
                throw .invalidRequest("\(path): request \"\(identifier)\": trigger: \(error)")
            }
        }
        return CenterState.Pending(identifier: identifier, content: .object(stored), trigger: trigger, added: added)
    }

    /// Attachment `url`s given as paths become file URLs, relative to the request file.
    private static func resolvingAttachments(in content: JSONValue, folder: URL) -> JSONValue {
        guard var object = content.objectValue, let attachments = object["attachments"]?.arrayValue else { return content }
        object["attachments"] = .array(
            attachments.enumerated().map { index, attachment in
                guard var item = attachment.objectValue, let text = item["url"]?.stringValue, !text.contains("://") else {
                    return attachment
                }
                let url = text.hasPrefix("/") ? URL(fileURLWithPath: text) : folder.appendingPathComponent(text)
                item["url"] = .string(url.standardizedFileURL.absoluteString)
                if item["identifier"] == nil { item["identifier"] = .string("attachment-\(index)") }
                return .object(item)
            })
        return .object(object)
    }
}
