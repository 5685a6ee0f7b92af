import Foundation
import NSESimPayload

/// A push APNs accepted: what the device gets, with the headers that shape it.
package struct APNsPush: Sendable {
    /// The device token from the path, hexadecimal.
    package var deviceToken: String
    /// `apns-topic`.
    package var topic: String
    /// `apns-push-type` (alert when not given).
    package var pushType: PushType
    /// `apns-priority`: 10, 5 or 1.
    package var priority: Int
    /// `apns-expiration`: a UNIX time, 0 for "deliver once or not at all"; nil when not given.
    package var expiration: Int?
    /// `apns-collapse-id`.
    package var collapseID: String?
    /// `apns-id`: the one given, else one APNs made (lowercase UUID).
    package var apnsID: String
    /// The payload's JSON.
    package var payload: Data

    /// The headers nsesim's pipeline takes.
    package var headers: PushHeaders {
        PushHeaders(pushType: pushType, collapseID: collapseID, apnsID: apnsID)
    }
}
