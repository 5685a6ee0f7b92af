import Foundation

/// A delivered notification: its request and when it was delivered.
open class UNNotification: NSObject, NSCopying, @unchecked Sendable {
    /// When it was delivered.
    open private(set) var date: Date
    /// What was delivered.
    open private(set) var request: UNNotificationRequest

    /// A notification delivered at `date` (nsesim's; iOS makes them).
    @_spi(NSESim) public init(date: Date, request: UNNotificationRequest) {
        self.date = date
        self.request = request
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override var description: String { "<UNNotification: date: \(date), request: \(request)>" }
}
