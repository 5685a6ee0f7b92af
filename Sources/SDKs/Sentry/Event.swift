import Foundation
import NSESimRuntime

/// A message of an event, with the format and its parameters.
open class SentryMessage: NSObject, @unchecked Sendable {
    /// The message as shown.
    public let formatted: String
    /// The format it was made from.
    open var message: String?
    /// The format's parameters.
    open var params: [String]?

    /// A message of `formatted`.
    public init(formatted: String) {
        self.formatted = formatted
        super.init()
    }
}

/// An exception of an event: its type, its value (the description).
open class Exception: NSObject, @unchecked Sendable {
    /// The description.
    open var value: String?
    /// The type's name.
    open var type: String
    /// The module of the type.
    open var module: String?

    /// An exception of `type` with `value`.
    public init(value: String, type: String) {
        self.value = value
        self.type = type
        super.init()
    }
}

/// One event: what Sentry sends for an error, a message or a crash.
open class Event: NSObject, @unchecked Sendable {
    /// Its identifier.
    open var eventId = SentryId()
    /// The message.
    open var message: SentryMessage?
    /// The error it was made from.
    open var error: (any Error)?
    /// When it happened.
    open var timestamp: Date? = Date()
    /// How severe it is.
    open var level: SentryLevel = .none
    /// "cocoa".
    open var platform = "cocoa"
    /// The logger's name.
    open var logger: String?
    /// The server's name.
    open var serverName: String?
    /// The release.
    open var releaseName: String?
    /// The distribution.
    open var dist: String?
    /// The environment.
    open var environment: String?
    /// The transaction's name.
    open var transaction: String?
    /// "transaction" for a transaction, nil for an event.
    open var type: String?
    /// Tags.
    open var tags: [String: String]?
    /// Extra data.
    open var extra: [String: Any]?
    /// Contexts, by name.
    open var context: [String: [String: Any]]?
    /// The user.
    open var user: User?
    /// The breadcrumbs sent with it.
    open var breadcrumbs: [Breadcrumb]?
    /// How Sentry groups it.
    open var fingerprint: [String]?
    /// The exceptions.
    open var exceptions: [Exception]?

    /// An event of level `.none`.
    public override init() { super.init() }

    /// An event of `level`.
    public init(level: SentryLevel) {
        self.level = level
        super.init()
    }

    /// An error event made from `error`.
    public convenience init(error: any Error) {
        self.init(level: .error)
        self.error = error
    }

    /// Sentry's JSON form, the fields the report shows.
    var json: JSONValue {
        var fields: [String: JSONValue] = ["event_id": .string(eventId.sentryIdString), "platform": .string(platform)]
        if level != .none { fields["level"] = .string(level.name) }
        if let message { fields["message"] = .object(["formatted": .string(message.formatted)]) }
        if let releaseName { fields["release"] = .string(releaseName) }
        if let dist { fields["dist"] = .string(dist) }
        if let environment { fields["environment"] = .string(environment) }
        if let transaction { fields["transaction"] = .string(transaction) }
        if let tags, !tags.isEmpty { fields["tags"] = .object(tags.mapValues(JSONValue.string)) }
        if let extra, !extra.isEmpty { fields["extra"] = JSONValue(foundationLossy: extra) }
        if let context, !context.isEmpty { fields["contexts"] = JSONValue(foundationLossy: context) }
        if let user { fields["user"] = user.json }
        if let breadcrumbs, !breadcrumbs.isEmpty { fields["breadcrumbs"] = .array(breadcrumbs.map(\.json)) }
        if let fingerprint { fields["fingerprint"] = .array(fingerprint.map(JSONValue.string)) }
        if let exceptions, !exceptions.isEmpty {
            fields["exception"] = .object([
                "values": .array(
                    exceptions.map { exception in
                        .object(["type": .string(exception.type), "value": exception.value.map(JSONValue.string) ?? .null])
                    })
            ])
        }
        return .object(fields)
    }
}
