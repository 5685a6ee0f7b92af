import Foundation
import NSESimRuntime

/// A trail entry kept on the scope and sent with the next events.
open class Breadcrumb: NSObject, @unchecked Sendable {
    /// How severe it is (`.info` by default).
    open var level: SentryLevel
    /// What it is about ("ui.click", "navigation", "push"…).
    open var category: String
    /// When it happened.
    open var timestamp: Date? = Date()
    /// Its type ("default", "http", "navigation", …).
    open var type: String?
    /// Its message.
    open var message: String?
    /// Where it came from.
    open var origin: String?
    /// Extra data.
    open var data: [String: Any]?

    /// A breadcrumb of `level` and `category`.
    public init(level: SentryLevel, category: String) {
        self.level = level
        self.category = category
        super.init()
    }

    /// An info breadcrumb of the "default" category.
    public override convenience init() { self.init(level: .info, category: "default") }

    /// Sentry's JSON form.
    var json: JSONValue {
        var fields: [String: JSONValue] = ["level": .string(level.name), "category": .string(category)]
        if let timestamp { fields["timestamp"] = .string(ISO8601DateFormatter().string(from: timestamp)) }
        if let type { fields["type"] = .string(type) }
        if let message { fields["message"] = .string(message) }
        if let data { fields["data"] = JSONValue(foundationLossy: data) }
        return .object(fields)
    }
}

/// The user events are about.
open class User: NSObject, @unchecked Sendable {
    /// The user's ID.
    open var userId: String?
    /// The user's email address.
    open var email: String?
    /// The user's name on the service.
    open var username: String?
    /// The user's IP address.
    open var ipAddress: String?
    /// The user's full name.
    open var name: String?
    /// Extra data.
    open var data: [String: Any]?

    /// A user without fields.
    public override init() { super.init() }

    /// A user of `userId`.
    public init(userId: String) {
        self.userId = userId
        super.init()
    }

    /// Sentry's JSON form.
    var json: JSONValue {
        var fields: [String: JSONValue] = [:]
        if let userId { fields["id"] = .string(userId) }
        if let email { fields["email"] = .string(email) }
        if let username { fields["username"] = .string(username) }
        if let ipAddress { fields["ip_address"] = .string(ipAddress) }
        if let name { fields["name"] = .string(name) }
        if let data { fields["data"] = JSONValue(foundationLossy: data) }
        return .object(fields)
    }
}
