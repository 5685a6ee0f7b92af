import Foundation

/// An area that can be monitored: entering or leaving it can fire a notification.
open class CLRegion: NSObject, NSCopying, @unchecked Sendable {
    /// The region's identifier.
    public let identifier: String
    /// Whether entering the region notifies (default true).
    open var notifyOnEntry = true
    /// Whether leaving the region notifies (default true).
    open var notifyOnExit = true

    init(identifier: String) {
        self.identifier = identifier
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}
