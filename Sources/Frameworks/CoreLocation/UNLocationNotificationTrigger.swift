import Foundation
import NSESimCenter
@_spi(NSESim) import UserNotifications

/// A trigger that delivers a local notification when the device enters or leaves a region
/// (UserNotifications' class; here because it needs `CLRegion`). `nsesim center move LAT,LON`
/// moves the simulated position.
open class UNLocationNotificationTrigger: UNNotificationTrigger {
    /// The region whose `notifyOnEntry` / `notifyOnExit` say when it fires.
    public let region: CLRegion

    public init(region: CLRegion, repeats: Bool) {
        self.region = region
        super.init(repeats: repeats)
    }

    @_spi(NSESim) open override var centerTrigger: CenterTrigger? {
        guard let circle = region as? CLCircularRegion else { return nil }
        return .location(circle.centerRegion, repeats: repeats)
    }

    open override var description: String {
        "<UNLocationNotificationTrigger: repeats: \(repeats ? "YES" : "NO"), region: \(region)>"
    }
}
