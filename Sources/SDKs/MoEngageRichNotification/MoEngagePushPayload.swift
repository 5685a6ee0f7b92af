import Foundation

/// What MoEngage reads of a push (`moengage` in the payload, the keys of the SDK's
/// `MOPushPayload`): the campaign (`cid`), the app (`app_id`), the medium
/// (`media-attachment`, `media-type`), and the push template
/// (`moeFeatures.richPush`) a content extension draws.
struct MoEngagePushPayload {
    let campaignID: String?
    let appID: String?
    let mediaAttachment: String?
    let mediaType: String?
    let templateName: String?

    /// The payload's MoEngage part, nil when the push has no `moengage` dictionary (not MoEngage's).
    init?(userInfo: [AnyHashable: Any]) {
        guard let moengage = userInfo["moengage"] as? [AnyHashable: Any] else { return nil }
        campaignID = moengage["cid"] as? String
        appID = moengage["app_id"] as? String
        mediaAttachment = (moengage["media-attachment"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        mediaType = moengage["media-type"] as? String
        let richPush = (userInfo["moeFeatures"] as? [AnyHashable: Any])?["richPush"] as? [AnyHashable: Any]
        templateName = richPush?["displayName"] as? String
    }
}
