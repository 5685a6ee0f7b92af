import Foundation

/// One request and the server's answer, as handed to whoever runs the server.
package struct APNsExchange: Sendable {
    /// When it arrived.
    package var date: Date
    /// The device token from the path (may be empty or malformed when refused).
    package var deviceToken: String
    /// `apns-push-type` as sent (nil when not given).
    package var pushTypeHeader: String?
    /// The push, when accepted (status 200).
    package var result: Result<APNsPush, APNsRefusal>

    /// The HTTP status sent.
    package var status: Int {
        switch result {
        case .success: return 200
        case .failure(let refusal): return refusal.status
        }
    }
}
