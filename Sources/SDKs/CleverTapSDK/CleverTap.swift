import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// CleverTap's SDK class, what a notification service extension calls of it: the account
/// (the Info.plist's `CleverTapAccountID` and `CleverTapToken`, or `setCredentialsWithAccountID`),
/// `sharedInstance()`, and the events it queues for CleverTap's servers, chiefly
/// `recordNotificationViewedEvent(withData:)` (push impressions). nsesim sends nothing: each
/// event is recorded in the report as CleverTap would queue it.
///
/// `@unchecked Sendable`: its state (the account) is behind a lock.
open class CleverTap: NSObject, @unchecked Sendable {
    static let sdk = "CleverTapSDK"
    private static let lock = NSLock()
    nonisolated(unsafe) private static var credentials: (accountID: String, token: String, region: String?)?
    nonisolated(unsafe) private static var instance: CleverTap?

    private let accountID: String

    private init(accountID: String) {
        self.accountID = accountID
        super.init()
    }

    /// The instance of the account in the Info.plist or set in code; nil without one (as
    /// CleverTap's, which then logs that the account id is missing).
    open class func sharedInstance() -> CleverTap? {
        let shared = lock.withLock { () -> CleverTap? in
            if let instance { return instance }
            let plist = Bundle.main.object(forInfoDictionaryKey: "CleverTapAccountID") as? String
            guard let accountID = credentials?.accountID ?? plist, !accountID.isEmpty else { return nil }
            instance = CleverTap(accountID: accountID)
            return instance
        }
        if shared == nil {
            SDKActivity.record(
                sdk: sdk, api: "sharedInstance()", "nil: no CleverTapAccountID in the Info.plist and no setCredentialsWithAccountID")
        }
        return shared
    }

    /// Sets the account in code, instead of the Info.plist.
    open class func setCredentialsWithAccountID(_ accountID: String, andToken token: String) {
        setCredentials(accountID, token: token, region: nil)
    }

    /// Sets the account and its region in code.
    open class func setCredentialsWithAccountID(_ accountID: String, token: String, region: String) {
        setCredentials(accountID, token: token, region: region)
    }

    /// The SDK's log level (`CleverTapLogLevel`'s raw values); the report shows what it did whatever the level.
    open class func setDebugLevel(_ level: Int32) {}

    /// Queues the `Notification Viewed` event of a push (its userInfo, or a `UNNotification`):
    /// the push's `W$…` keys (as `wzrk_…`) and `wzrk_…` keys, with `wzrk_cts`, the time. Recorded, not sent.
    open func recordNotificationViewedEvent(withData notificationData: Any) {
        recordPushEvent(name: "Notification Viewed", notificationData, api: "recordNotificationViewedEvent(withData:)")
    }

    /// Queues the `Notification Clicked` event of a push. Recorded, not sent.
    open func recordNotificationClickedEvent(withData notificationData: Any) {
        recordPushEvent(name: "Notification Clicked", notificationData, api: "recordNotificationClickedEvent(withData:)")
    }

    /// Queues an event. Recorded, not sent.
    open func recordEvent(_ event: String) {
        record("recordEvent(_:)", "event \(event) queued (not sent)", ["evtName": .string(event)])
    }

    /// Queues an event with properties. Recorded, not sent.
    open func recordEvent(_ event: String, withProps properties: [AnyHashable: Any]) {
        record(
            "recordEvent(_:withProps:)", "event \(event) queued (not sent)",
            ["evtName": .string(event), "evtData": Self.json(properties)])
    }

    /// Queues a profile update. Recorded, not sent.
    open func profilePush(_ properties: [AnyHashable: Any]) {
        record("profilePush(_:)", "profile update queued (not sent)", ["profile": Self.json(properties)])
    }

    /// Queues a login with the user's identity. Recorded, not sent.
    open func onUserLogin(_ properties: [AnyHashable: Any]) {
        record("onUserLogin(_:)", "user login queued (not sent)", ["profile": Self.json(properties)])
    }

    private func recordPushEvent(name: String, _ notificationData: Any, api: String) {
        let userInfo: [AnyHashable: Any]
        if let notification = notificationData as? UNNotification {
            userInfo = notification.request.content.userInfo
        } else if let dictionary = notificationData as? [AnyHashable: Any] {
            userInfo = dictionary
        } else {
            record(api, "not a notification's data (\(type(of: notificationData))): no event")
            return
        }
        var data: [String: JSONValue] = [:]
        for (key, value) in userInfo {
            guard let key = key as? String, key.hasPrefix("W$") || key.hasPrefix("wzrk_") else { continue }
            data[key.replacingOccurrences(of: "W$", with: "wzrk_")] = Self.json(value)
        }
        data["wzrk_cts"] = .integer(Int64(Date().timeIntervalSince1970))
        record(api, "\(name) event queued (not sent)", ["evtName": .string(name), "evtData": .object(data)])
    }

    private func record(_ api: String, _ summary: String, _ fields: [String: JSONValue] = [:]) {
        SDKActivity.record(sdk: Self.sdk, api: api, summary, fields.merging(["accountId": .string(accountID)]) { first, _ in first })
    }

    private static func setCredentials(_ accountID: String, token: String, region: String?) {
        lock.withLock { credentials = (accountID, token, region) }
        SDKActivity.record(
            sdk: sdk, api: "setCredentialsWithAccountID", "account \(accountID) set in code",
            ["accountId": .string(accountID), "region": region.map { .string($0) } ?? .null])
    }

    /// A JSON value of a property list value (strings, numbers, booleans, arrays, dictionaries).
    static func json(_ value: Any) -> JSONValue {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .integer(Int64(number))
        case let number as Double: return .double(number)
        case let array as [Any]: return .array(array.map(json))
        case let dictionary as [AnyHashable: Any]:
            return .object(Dictionary(dictionary.map { ("\($0.key)", json($0.value)) }, uniquingKeysWith: { first, _ in first }))
        default: return .string("\(value)")
        }
    }
}
