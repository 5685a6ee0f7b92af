import AttachmentValidation
import Foundation
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// What happens to attachments after the extension finishes (docs/behaviour.md#after-the-extension):
/// each is checked again (a file inside the extension's container or a bundle, symlinks
/// resolved first; type, content and size), then moved (from the container) or copied
/// (from a bundle) into the app's store. An invalid attachment is dropped from the
/// delivered content and reported with its UNError; the notification is still delivered.
package struct AttachmentDelivery: Sendable {
    /// The app's store.
    package let store: AttachmentStore
    /// The app bundle folder (`--bundle`), whose files are copied.
    package let appBundle: URL?

    package init(store: AttachmentStore, appBundle: URL? = nil) {
        self.store = store
        self.appBundle = appBundle
    }

    /// The outcome of one delivery.
    package struct Result: Sendable {
        /// The content with the kept attachments pointing into the store.
        package var content: JSONValue
        package var attachments: [DeliveredAttachment]
        package var failures: [AttachmentFailure]
    }

    /// Checks and stores the attachments of `content` for notification `identifier`.
    /// `container` is the root of the extension's container; `extensionBundle` its bundle folder.
    package func deliver(
        _ content: JSONValue, notification identifier: String,
        container: URL, extensionBundle: URL?
    ) -> Result {
        let items = content["attachments"]?.arrayValue ?? []
        var failures: [AttachmentFailure] = []
        var placements: [(index: Int, placement: AttachmentStore.Placement, options: JSONValue?)] = []
        let movable = [container].compactMap(Self.resolved)
        let copyable = [extensionBundle, appBundle].compactMap { $0 }.compactMap(Self.resolved)

        for (index, item) in items.enumerated() {
            let attachmentIdentifier = item["identifier"]?.stringValue ?? "attachment \(index + 1)"
            do {
                let placement = try check(item, identifier: attachmentIdentifier, movable: movable, copyable: copyable)
                placements.append((index, placement, item["options"]))
            } catch {
                failures.append(
                    AttachmentFailure(
                        identifier: attachmentIdentifier, code: error.code,
                        codeName: error.codeName, message: error.message))
            }
        }

        var delivered: [DeliveredAttachment] = []
        var kept: [JSONValue] = []
        let results: [AttachmentStore.PlacementResult]
        do {
            results = try store.deliver(notification: identifier, files: placements.map(\.placement))
        } catch {
            results = placements.map { _ in .failed(error.description) }
        }
        for (planned, result) in zip(placements, results) {
            let placement = planned.placement
            switch result {
            case .stored(let url):
                delivered.append(
                    DeliveredAttachment(
                        identifier: placement.identifier, url: url, type: placement.type,
                        size: placement.size))
                var object: [String: JSONValue] = [
                    "identifier": .string(placement.identifier),
                    "url": .string(url.absoluteString), "type": .string(placement.type),
                ]
                if let options = planned.options { object["options"] = options }
                kept.append(.object(object))
            case .failed(let reason):
                failures.append(
                    AttachmentFailure(
                        identifier: placement.identifier, code: 104,
                        codeName: "attachmentMoveIntoDataStoreFailed", message: reason))
            }
        }
        var updated = content.objectValue ?? [:]
        updated["attachments"] = .array(kept)
        return Result(content: .object(updated), attachments: delivered, failures: failures)
    }

    /// One attachment's checks, in the order iOS finds the faults.
    private func check(
        _ item: JSONValue, identifier: String, movable: [String],
        copyable: [String]
    ) throws(AttachmentValidationError) -> AttachmentStore.Placement {
        guard let text = item["url"]?.stringValue, let url = URL(string: text), url.isFileURL else {
            throw .invalidURL("\(item["url"]?.stringValue ?? "(none)") is not a file URL")
        }
        guard let real = Self.resolved(url) else {
            throw .invalidURL("\(url.path): no such file (it was gone when the extension finished)")
        }
        let move: Bool
        if movable.contains(where: { Self.isInside(real, $0) }) {
            move = true
        } else if copyable.contains(where: { Self.isInside(real, $0) }) {
            move = false
        } else {
            let via = real == url.standardizedFileURL.path ? "" : " (a symlink to \(real))"
            throw .invalidURL(
                "\(url.path)\(via) is outside the extension's container and the app bundle; "
                    + "attach files from NSTemporaryDirectory(), the caches folder or the bundle")
        }
        let options =
            item["options"]?.objectValue.flatMap { try? AttachmentOptions.fromJSON($0, path: "options") }
            ?? AttachmentOptions()
        // The type comes from the hint or the extension of the URL the extension gave (a
        // symlink's target may have none); the content and size are read from the real file.
        let claimed = try AttachmentValidator.claimedType(path: url.path, typeHint: options.typeHint)
        var checkedOptions = options
        checkedOptions.typeHint = claimed.identifier
        let valid = try AttachmentValidator.validate(fileAt: URL(fileURLWithPath: real), options: checkedOptions)
        return AttachmentStore.Placement(
            identifier: identifier, source: URL(fileURLWithPath: real),
            type: valid.type.identifier, size: valid.size, move: move)
    }

    /// The path with every symlink resolved; nil when nothing is there.
    static func resolved(_ url: URL) -> String? {
        guard let pointer = realpath(url.path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
