/// The `apns-push-type` header. Only `alert` pushes show a notification, so only they
/// can reach a service extension.
package enum PushType: String, Sendable, CaseIterable, Codable {
    case alert, background, voip, complication, fileprovider, mdm, location, liveactivity, pushtotalk, widgets, controls

    /// The largest payload APNs accepts for this push type, in bytes of UTF-8 JSON.
    package var payloadLimit: Int { self == .voip ? 5120 : 4096 }
}
