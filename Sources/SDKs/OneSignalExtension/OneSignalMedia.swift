import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// OneSignal's media attachments: each entry of `att` (identifier → URL) downloaded in turn
/// on the calling thread, as OneSignal does; entries that fail are left out. A location
/// that is not an http(s) URL names a resource of the extension's bundle ("sound.mp3").
enum OneSignalMedia {
    static func attach(_ payload: OSNotificationPayload, to content: UNMutableNotificationContent, api: String) {
        guard !payload.attachments.isEmpty else { return }
        var attachments: [UNNotificationAttachment] = []
        for (identifier, location) in payload.attachments {
            let url = URL(string: location)
            let isRemote = ["http", "https"].contains(url?.scheme?.lowercased() ?? "")
            let result: Result<UNNotificationAttachment, SDKMedia.Failure>
            if let url, isRemote {
                result = SDKMedia.attachment(from: url, identifier: identifier)
            } else {
                result = bundleResource(location, identifier: identifier)
            }
            switch result {
            case .success(let attachment):
                attachments.append(attachment)
                SDKActivity.record(
                    sdk: OneSignalExtension.sdk, api: api, "attached att.\(identifier) (\(attachment.type))",
                    SDKMedia.fields(of: attachment).merging(["url": .string(location)]) { first, _ in first })
            case .failure(let failure):
                SDKActivity.record(
                    sdk: OneSignalExtension.sdk, api: api, "att.\(identifier) left out: \(failure.description)",
                    ["url": .string(location), "error": .string(failure.description)])
            }
        }
        content.attachments = attachments
    }

    private static func bundleResource(_ name: String, identifier: String) -> Result<UNNotificationAttachment, SDKMedia.Failure> {
        let file = URL(fileURLWithPath: name)
        guard !file.pathExtension.isEmpty,
            let url = Bundle.main.url(forResource: file.deletingPathExtension().lastPathComponent, withExtension: file.pathExtension)
        else {
            return .failure(SDKMedia.Failure(description: "no such resource in the extension's bundle: \(name)"))
        }
        do {
            return .success(try UNNotificationAttachment(identifier: identifier, url: url, options: nil))
        } catch {
            return .failure(SDKMedia.Failure(description: "not an attachment: \(error)"))
        }
    }
}
