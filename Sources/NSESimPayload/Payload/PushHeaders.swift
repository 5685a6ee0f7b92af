import Foundation

/// The APNs request headers nsesim takes as options.
package struct PushHeaders: Sendable, Equatable {
    /// `apns-push-type`; `alert` when not given.
    package var pushType: PushType
    /// `apns-collapse-id`: at most 64 bytes; becomes the request identifier.
    package var collapseID: String?
    /// `apns-id`: a UUID naming the push.
    package var apnsID: String?

    /// The longest collapse identifier APNs accepts, in bytes.
    package static let collapseIDLimit = 64

    package init(pushType: PushType = .alert, collapseID: String? = nil, apnsID: String? = nil) {
        self.pushType = pushType
        self.collapseID = collapseID
        self.apnsID = apnsID
    }

    /// Checks the values as APNs would.
    package func validate() throws(PayloadError) {
        if let collapseID {
            let length = collapseID.utf8.count
            guard length <= Self.collapseIDLimit else {
                throw .badHeader(
                    name: "apns-collapse-id",
                    message: "is \(length) bytes; APNs accepts at most \(Self.collapseIDLimit)")
            }
            guard length > 0 else { throw .badHeader(name: "apns-collapse-id", message: "is empty") }
        }
        if let apnsID, UUID(uuidString: apnsID) == nil {
            throw .badHeader(
                name: "apns-id",
                message: "\"\(apnsID)\" is not a UUID (8-4-4-4-12 hexadecimal digits)")
        }
    }
}
