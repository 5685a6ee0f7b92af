import Foundation

/// The rich content of a Batch push: `com.batch.at.u` (the URL) and `com.batch.at.t` (its
/// type, a UTI given to the attachment as its type hint), read as Batch's helper reads them.
struct BatchRichAttachment {
    let url: URL
    let type: String

    /// The payload's rich content, or why there is none.
    static func from(_ userInfo: [AnyHashable: Any]) -> Result<BatchRichAttachment, RichDataError> {
        guard let batch = userInfo["com.batch"] as? [AnyHashable: Any],
            let attachment = batch["at"] as? [AnyHashable: Any],
            let location = attachment["u"] as? String,
            let type = attachment["t"] as? String
        else {
            return .failure(.noRichDataFound)
        }
        guard let url = URL(string: location) else { return .failure(.invalidRichDataPayload) }
        return .success(BatchRichAttachment(url: url, type: type))
    }
}
