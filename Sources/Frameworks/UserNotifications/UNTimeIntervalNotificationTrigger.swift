import Foundation
import NSESimCenter

/// A trigger that delivers a local notification after an amount of time.
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {
    /// The seconds from scheduling to delivery.
    public let timeInterval: TimeInterval

    /// A trigger firing `timeInterval` seconds after it is scheduled, and every
    /// `timeInterval` seconds after that when `repeats`. The interval must be greater than
    /// 0, and at least 60 when repeating: otherwise iOS raises an
    /// NSInternalInconsistencyException, which ends the process (here too).
    public init(timeInterval: TimeInterval, repeats: Bool) {
        do {
            try CenterTrigger.checkInterval(timeInterval, repeats: repeats)
        } catch {
            fatalError("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(error)'")
        }
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
    }

    /// When it would fire if scheduled now.
    open func nextTriggerDate() -> Date? {
        Date().addingTimeInterval(timeInterval)
    }

    @_spi(NSESim) open override var centerTrigger: CenterTrigger? { .timeInterval(timeInterval, repeats: repeats) }

    open override var description: String {
        "<UNTimeIntervalNotificationTrigger: repeats: \(repeats ? "YES" : "NO"), timeInterval: \(timeInterval)>"
    }
}
