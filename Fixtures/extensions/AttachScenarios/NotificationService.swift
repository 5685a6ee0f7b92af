import UserNotifications

/// Test fixture for the checks nsesim makes AFTER the extension has finished (docs/behaviour.md#after-the-extension
/// and #the-attachment-store). Creating a UNNotificationAttachment already refuses a bad file, so each
/// scenario hands an attachment that was valid at creation and becomes invalid afterwards,
/// or one that creation cannot judge (where the file lies).
///
/// The payload lists the attachments:
///
///     "attach": [{"mode": "...", "id": "...", "path": "...", "url": "..."}]
///
/// Modes (the file starts as a copy of the bundle's pixel.png unless said otherwise):
/// - `container`: a copy in NSTemporaryDirectory() (moved into the store)
/// - `caches`: a copy in the caches folder (moved)
/// - `bundle`: the bundle's own pixel.png, attached where it is (copied)
/// - `path`: the file at "path", attached where it is (outside the container: code 100,
///   unless it lies in the `--bundle` app folder: copied)
/// - `swap-html`: a copy, then overwritten with an HTML page after creation (code 105)
/// - `delete`: a copy, then deleted after creation (code 100)
/// - `grow`: a copy, then grown past the 10 MB image limit after creation (code 102)
/// - `download-over`: a copy, then replaced after creation by the body of "url",
///   downloaded with NSESimDownloader (a 12 MB PNG stream: code 102)
/// - `symlink-out`: a copy, then replaced after creation by a symlink to "path" (code 100)
///
/// The body is a JSON object: "inodes" (attachment id -> inode of the handed file, just
/// before the handler) and "errors" (attachment id -> what failed inside the extension).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let items = request.content.userInfo["attach"] as? [[String: Any]] ?? []
        var attachments: [UNNotificationAttachment] = []
        var inodes: [String: Int] = [:]
        var errors: [String: String] = [:]
        for (index, item) in items.enumerated() {
            let identifier = item["id"] as? String ?? "attachment-\(index)"
            do {
                let attachment = try makeAttachment(identifier: identifier, item: item)
                attachments.append(attachment)
                var info = stat()
                if lstat(attachment.url.path, &info) == 0 { inodes[identifier] = Int(info.st_ino) }
            } catch {
                errors[identifier] = "\(error)"
            }
        }
        content.attachments = attachments
        let report: [String: Any] = ["inodes": inodes, "errors": errors]
        let data = try! JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        content.body = String(decoding: data, as: UTF8.self)
        contentHandler(content)
    }

    private func makeAttachment(identifier: String, item: [String: Any]) throws -> UNNotificationAttachment {
        let mode = item["mode"] as? String ?? "container"
        let fileManager = FileManager.default
        guard let resource = Bundle.main.url(forResource: "pixel", withExtension: "png") else {
            throw ScenarioError("pixel.png is not in the bundle \(Bundle.main.bundlePath)")
        }
        switch mode {
        case "bundle":
            return try UNNotificationAttachment(identifier: identifier, url: resource, options: nil)
        case "path":
            let path = item["path"] as? String ?? ""
            return try UNNotificationAttachment(identifier: identifier, url: URL(fileURLWithPath: path), options: nil)
        default:
            break
        }
        let folder = mode == "caches"
            ? fileManager.urls(for: .cachesDirectory, in: .userDomainMask)[0]
            : URL(fileURLWithPath: NSTemporaryDirectory())
        let file = folder.appendingPathComponent("\(identifier)-\(UUID().uuidString).png")
        try fileManager.copyItem(at: resource, to: file)
        let attachment = try UNNotificationAttachment(identifier: identifier, url: file, options: nil)
        switch mode {
        case "container", "caches":
            break
        case "swap-html":
            try Data("<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>\n".utf8)
                .write(to: file)
        case "delete":
            try fileManager.removeItem(at: file)
        case "grow":
            let handle = try FileHandle(forWritingTo: file)
            handle.seekToEndOfFile()
            let zeros = Data(count: 1_000_000)
            for _ in 0..<11 { handle.write(zeros) }
            handle.closeFile()
        case "download-over":
            guard let address = item["url"] as? String, let url = URL(string: address) else {
                throw ScenarioError("download-over needs a url")
            }
            let download = try NSESimDownloader().downloadBlocking(from: url)
            try fileManager.removeItem(at: file)
            try fileManager.moveItem(at: download.fileURL, to: file)
        case "symlink-out":
            let target = item["path"] as? String ?? ""
            try fileManager.removeItem(at: file)
            try fileManager.createSymbolicLink(atPath: file.path, withDestinationPath: target)
        default:
            throw ScenarioError("unknown mode \(mode)")
        }
        return attachment
    }
}

struct ScenarioError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
