import Foundation
import NSESimCenter
import NSESimRuntime

/// The app's notification center: its categories, delivered notifications, pending local
/// requests and badge. As on iOS, the app and its extensions share one center; nsesim keeps
/// it per app between runs (`nsesim center ls`), and every change an extension makes appears
/// in the report's `center` section. Completion handlers are called on a background queue.
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    private static let shared = UNUserNotificationCenter(backend: CenterBackend.forThisProcess())

    private let backend: CenterBackend
    private let lock = NSLock()
    private weak var storedDelegate: (any UNUserNotificationCenterDelegate)?

    init(backend: CenterBackend) {
        self.backend = backend
        super.init()
    }

    /// The app's center.
    open class func current() -> UNUserNotificationCenter { shared }

    /// The app's handler of notification events (never called inside an extension).
    open weak var delegate: (any UNUserNotificationCenterDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    /// Whether the device shows content extensions: true, as on every iOS device.
    open var supportsContentExtensions: Bool { true }

    // MARK: - Authorization and settings

    /// Asks for permission; the app is already allowed (an extension only runs for an app
    /// whose notifications are), so the answer is yes.
    open func requestAuthorization(options: UNAuthorizationOptions = [], completionHandler: @escaping (Bool, (any Error)?) -> Void) {
        onBackgroundQueue { completionHandler(true, nil) }
    }

    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { true }

    open func getNotificationSettings(completionHandler: @escaping (UNNotificationSettings) -> Void) {
        onBackgroundQueue { completionHandler(UNNotificationSettings()) }
    }

    open func notificationSettings() async -> UNNotificationSettings { UNNotificationSettings() }

    // MARK: - Categories

    /// Registers the app's categories, replacing every category registered before.
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        let sorted = categories.sorted { $0.identifier < $1.identifier }
        backend.change(reading: .none) { $0.setCategories(sorted.map(\.jsonValue)) }
    }

    open func getNotificationCategories(completionHandler: @escaping (Set<UNNotificationCategory>) -> Void) {
        let categories = readCategories()
        onBackgroundQueue { completionHandler(categories) }
    }

    open func notificationCategories() async -> Set<UNNotificationCategory> { readCategories() }

    private func readCategories() -> Set<UNNotificationCategory> {
        Set(backend.state(delivered: false).categories.values.compactMap(UNNotificationCategory.fromJSON))
    }

    // MARK: - Local requests

    /// Schedules a local notification; one with the same identifier is replaced. Content
    /// with nothing to show is refused (`notificationInvalidNoContent`).
    open func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (((any Error)?) -> Void)? = nil) {
        let error = addRequest(request)
        if let completionHandler { onBackgroundQueue { completionHandler(error) } }
    }

    open func add(_ request: UNNotificationRequest) async throws {
        if let error = addRequest(request) { throw error }
    }

    private func addRequest(_ request: UNNotificationRequest) -> UNError? {
        let content = request.content
        guard
            !(content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty && content.sound == nil
                && content.badge == nil && content.attachments.isEmpty)
        else {
            return UNError(.notificationInvalidNoContent, detail: "request \(request.identifier) has no title, body, sound or badge")
        }
        // Time and calendar triggers in the center's form (`nsesim center advance` fires them);
        // others by their class name.
        let trigger: JSONValue =
            request.trigger.map { trigger in
                trigger.centerTrigger?.jsonValue
                    ?? .object(["type": .string(String(describing: type(of: trigger))), "repeats": .bool(trigger.repeats)])
            } ?? .null
        backend.change(reading: .none) { state in
            // Scheduled on the app's virtual clock when nsesim set one.
            state.addPending(
                CenterState.Pending(
                    identifier: request.identifier, content: content.jsonValue, trigger: trigger,
                    added: state.clock ?? Date().timeIntervalSince1970))
        }
        return nil
    }

    open func getPendingNotificationRequests(completionHandler: @escaping ([UNNotificationRequest]) -> Void) {
        let requests = readPending()
        onBackgroundQueue { completionHandler(requests) }
    }

    open func pendingNotificationRequests() async -> [UNNotificationRequest] { readPending() }

    private func readPending() -> [UNNotificationRequest] {
        backend.state(delivered: false).pending.compactMap { pending in
            (try? UNNotificationContent.fromJSON(pending.content)).map {
                UNNotificationRequest(
                    identifier: pending.identifier, content: $0, trigger: UNNotificationTrigger.from(center: pending.trigger))
            }
        }
    }

    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        backend.change(reading: .none) { $0.removePending(identifiers) }
    }

    open func removeAllPendingNotificationRequests() {
        backend.change(reading: .none) { $0.removeAllPending() }
    }

    // MARK: - Delivered notifications

    /// The app's notifications still in Notification Center, newest first.
    open func getDeliveredNotifications(completionHandler: @escaping ([UNNotification]) -> Void) {
        let notifications = readDelivered()
        onBackgroundQueue { completionHandler(notifications) }
    }

    open func deliveredNotifications() async -> [UNNotification] { readDelivered() }

    private func readDelivered() -> [UNNotification] {
        backend.state().delivered.compactMap { delivered in
            (try? UNNotificationContent.fromJSON(delivered.content)).map { content in
                UNNotification(
                    date: Date(timeIntervalSince1970: delivered.date),
                    request: UNNotificationRequest(
                        identifier: delivered.identifier, content: content,
                        trigger: UNPushNotificationTrigger()))
            }
        }
    }

    open func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        backend.change(reading: .identified(identifiers)) { $0.removeDelivered(identifiers) }
    }

    open func removeAllDeliveredNotifications() {
        backend.change { $0.removeAllDelivered() }
    }

    // MARK: - Badge

    /// Sets the badge on the app's icon; 0 clears it. A negative count is refused
    /// (`badgeInputInvalid`).
    open func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (((any Error)?) -> Void)? = nil) {
        let error = setBadge(newBadgeCount)
        if let completionHandler { onBackgroundQueue { completionHandler(error) } }
    }

    open func setBadgeCount(_ newBadgeCount: Int) async throws {
        if let error = setBadge(newBadgeCount) { throw error }
    }

    private func setBadge(_ count: Int) -> UNError? {
        guard count >= 0 else { return UNError(.badgeInputInvalid, detail: "the badge count \(count) is negative") }
        backend.change(reading: .none) { $0.setBadge(Int64(count)) }
        return nil
    }
}

/// Calls `work` on a background queue, as iOS calls the center's completion handlers. The
/// handlers' types are Apple's (not `@Sendable`); iOS calls them from another thread too.
private func onBackgroundQueue(_ work: @escaping () -> Void) {
    let box = UncheckedSendableWork(work)
    DispatchQueue.global().async { box.work() }
}

private struct UncheckedSendableWork: @unchecked Sendable {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
}
