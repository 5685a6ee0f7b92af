/// A request APNs refused: the reason sent back, and what nsesim tells its user about it.
package struct APNsRefusal: Error, Sendable, Equatable {
    /// The reason in the response body.
    package var reason: APNsReason
    /// Why, for the server's line (APNs itself sends only the reason).
    package var detail: String
    /// For `Unregistered`: when the token stopped being valid, in milliseconds since 1970.
    package var timestamp: Int64?

    package init(_ reason: APNsReason, _ detail: String, timestamp: Int64? = nil) {
        self.reason = reason
        self.detail = detail
        self.timestamp = timestamp
    }

    /// The HTTP status.
    package var status: Int { reason.status }

    /// The response body: `{"reason":"..."}`, with `timestamp` for 410.
    package var body: String {
        if let timestamp { return #"{"reason":"\#(reason.rawValue)","timestamp":\#(timestamp)}"# }
        return #"{"reason":"\#(reason.rawValue)"}"#
    }
}
