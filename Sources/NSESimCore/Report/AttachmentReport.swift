import AttachmentValidation
import Foundation
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// The result of `nsesim validate`: what iOS would make of a file as an attachment.
package struct AttachmentReport: Sendable {
    /// The file as given.
    package let path: String
    /// The type hint given, if any.
    package let typeHint: String?
    /// The validation result.
    package let result: Result<ValidatedAttachment, AttachmentValidationError>

    /// Validates the file at `path` as `UNNotificationAttachment(identifier:url:options:)` does.
    package init(path: String, typeHint: String?) {
        self.path = path
        self.typeHint = typeHint
        result = Result { () throws(AttachmentValidationError) in
            try AttachmentValidator.validate(fileAt: URL(fileURLWithPath: path), typeHint: typeHint)
        }
    }

    /// True when the file would be accepted.
    package var isValid: Bool { (try? result.get()) != nil }

    /// `{"file", "valid", "type", "kind", "size", "sizeLimit", "contentType", "mimeType", "error"}`.
    package var jsonValue: JSONValue {
        var object: [String: JSONValue] = ["file": .string(path), "typeHint": typeHint.map(JSONValue.string) ?? .null]
        switch result {
        case .success(let attachment):
            object["valid"] = .bool(true)
            object["type"] = .string(attachment.type.identifier)
            object["kind"] = .string(attachment.type.kind.rawValue)
            object["size"] = .integer(attachment.size)
            object["sizeLimit"] = .integer(attachment.type.kind.maximumSize)
            object["contentType"] = .string(attachment.contentType.identifier)
            object["mimeType"] = .string(attachment.mimeType)
            object["error"] = .null
        case .failure(let error):
            object["valid"] = .bool(false)
            let claimed = try? AttachmentValidator.claimedType(path: path, typeHint: typeHint)
            object["type"] = claimed.map { .string($0.identifier) } ?? .null
            object["kind"] = claimed.map { .string($0.kind.rawValue) } ?? .null
            object["size"] = fileSize.map(JSONValue.integer) ?? .null
            object["sizeLimit"] = claimed.map { .integer($0.kind.maximumSize) } ?? .null
            object["error"] = error.jsonValue
        }
        return .object(object)
    }

    /// The result for people.
    package var text: String {
        switch result {
        case .success(let attachment):
            var lines = [
                "\(path): valid \(attachment.type.kind.rawValue) attachment",
                "  type      \(attachment.type.identifier)\(typeHint == nil ? " (from the file extension)" : " (from the type hint)")",
                "  content   \(attachment.mimeType) (\(attachment.contentType.identifier))",
                "  size      \(attachment.size) bytes of \(attachment.type.kind.maximumSize) allowed for \(attachment.type.kind.phrase)",
            ]
            if attachment.contentType != attachment.type {
                lines.append(
                    "  note      the content is \(attachment.contentType.identifier) though the type says "
                        + "\(attachment.type.identifier); iOS decodes it by content")
            }
            return lines.joined(separator: "\n")
        case .failure(let error):
            return "\(path): invalid attachment\n  error     \(UNErrorDomain) \(error.code) \(error.codeName)\n  message   \(error.message)"
        }
    }

    private var fileSize: Int64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
    }
}

extension AttachmentValidationError {
    /// `{"domain": "UNErrorDomain", "code", "name", "message"}`, as reports give errors.
    package var jsonValue: JSONValue {
        .object([
            "domain": .string(UNErrorDomain),
            "code": .integer(Int64(code)),
            "name": .string(codeName),
            "message": .string(message),
        ])
    }
}
