import Foundation
import UserNotifications

/// Registering an SDK's button category beside the app's own, as the SDKs do: read the
/// categories registered, replace the one of the same identifier, set them all.
public enum SDKCategories {
    /// Registers `category`, keeping every other category of the app; returns when set.
    public static func register(_ category: UNNotificationCategory) {
        let center = UNUserNotificationCenter.current()
        let existing = Locked<Set<UNNotificationCategory>>([])
        let done = DispatchSemaphore(value: 0)
        center.getNotificationCategories { categories in
            existing.value = categories
            done.signal()
        }
        done.wait()
        center.setNotificationCategories(existing.value.filter { $0.identifier != category.identifier }.union([category]))
    }
}
