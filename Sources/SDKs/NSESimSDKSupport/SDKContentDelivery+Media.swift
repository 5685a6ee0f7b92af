import Foundation
import NSESimRuntime
import UserNotifications

extension SDKContentDelivery {
    /// What most SDK helpers do with one medium: download `url` in the background, attach it
    /// (in place of the content's attachments, or after them when `appending`), report it
    /// as `media` ("the image", "rich-media"), and deliver; when the download or the
    /// attachment fails, report why and deliver without it.
    public func attachThenDeliver(
        _ url: URL, identifier: String, fileExtension: String? = nil, appending: Bool = false,
        sdk: String, api: String, media: String
    ) {
        let location = url.absoluteString
        SDKActivity.record(
            sdk: sdk, api: api, "downloading \(media)",
            ["url": .string(location), "fileType": fileExtension.map { .string($0) } ?? .null])
        SDKMedia.attachment(from: url, identifier: identifier, fileExtension: fileExtension) { result in
            switch result {
            case .success(let attachment):
                self.content.attachments = (appending ? self.content.attachments : []) + [attachment]
                SDKActivity.record(
                    sdk: sdk, api: api, "attached \(media) (\(attachment.type)); content delivered",
                    SDKMedia.fields(of: attachment).merging(["url": .string(location)]) { first, _ in first })
            case .failure(let failure):
                SDKActivity.record(
                    sdk: sdk, api: api, "\(media) failed: content delivered without it",
                    ["url": .string(location), "error": .string(failure.description)])
            }
            self.deliver()
        }
    }
}
