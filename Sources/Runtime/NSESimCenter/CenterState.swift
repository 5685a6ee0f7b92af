import Foundation
import NSESimRuntime

/// One app's notification center, as a value: what iOS keeps for an app and shows the user.
/// Every change goes through a method here that applies Apple's rules and says what it did
/// (a ``CenterChange``); `CenterStore` keeps it on disk, and UserNotifications and nsesim
/// both act on it. Categories, notifications and requests are kept in their JSON form (the
/// names of Apple's properties), so both sides read them without sharing types.
public struct CenterState: Sendable, Equatable {
    /// A notification in the delivered list.
    public struct Delivered: Sendable, Equatable {
        /// The request's identifier (a push's collapse id, or its generated identifier).
        public var identifier: String
        /// The delivered content (Apple's property names).
        public var content: JSONValue
        /// When it was delivered (seconds since 1970).
        public var date: Double
        /// The local request's trigger that fired it; null for a push.
        public var trigger: JSONValue

        public init(identifier: String, content: JSONValue, date: Double, trigger: JSONValue = .null) {
            self.identifier = identifier
            self.content = content
            self.date = date
            self.trigger = trigger
        }

        /// `threadIdentifier`; empty groups with the app's other unthreaded notifications.
        public var threadIdentifier: String { content["threadIdentifier"]?.stringValue ?? "" }
        /// `targetContentIdentifier`, when set.
        public var targetContentIdentifier: String? { content["targetContentIdentifier"]?.stringValue }
        /// `interruptionLevel` (passive, active, timeSensitive, critical); active when unset.
        public var interruptionLevel: String { content["interruptionLevel"]?.stringValue ?? "active" }
        /// `relevanceScore` (0...1), 0 when unset.
        public var relevanceScore: Double { content["relevanceScore"]?.numberValue ?? 0 }
    }

    /// A local request waiting for its trigger.
    public struct Pending: Sendable, Equatable {
        public var identifier: String
        public var content: JSONValue
        /// The trigger (`{"type": "timeInterval", ...}`), or null for "deliver now".
        public var trigger: JSONValue
        /// When it was added (seconds since 1970).
        public var added: Double
        /// When it fires next (seconds since 1970): from its trigger, `added` for no trigger
        /// ("deliver now"), nil for a location trigger or a trigger nsesim cannot read.
        public var nextDate: Double?

        /// A request; `nextDate` is worked out from the trigger unless given.
        public init(identifier: String, content: JSONValue, trigger: JSONValue, added: Double, nextDate: Double?? = nil) {
            self.identifier = identifier
            self.content = content
            self.trigger = trigger
            self.added = added
            self.nextDate = nextDate ?? (trigger == .null ? added : (try? CenterTrigger(jsonValue: trigger))?.nextDate(after: added))
        }
    }

    /// The registered categories by identifier (the last `setNotificationCategories` wins whole).
    public internal(set) var categories: [String: JSONValue] = [:]
    /// Delivered notifications, newest first.
    public internal(set) var delivered: [Delivered] = []
    /// Pending local requests, in the order they were added.
    public internal(set) var pending: [Pending] = []
    /// The badge on the app's icon; nil when never set.
    public internal(set) var badge: Int64?
    /// The virtual clock (seconds since 1970) that fires local requests; nil until first set.
    public internal(set) var clock: Double?
    /// The simulated position (latitude, longitude in degrees); nil until first moved.
    public internal(set) var position: CenterPosition?

    /// iOS keeps at most 64 pending local requests per app.
    public static let maximumPending = 64

    public init() {}

    // MARK: - Changes

    /// `setNotificationCategories`: replaces every registered category.
    public mutating func setCategories(_ new: [JSONValue]) -> CenterChange {
        var byIdentifier: [String: JSONValue] = [:]
        for category in new {
            guard let identifier = category["identifier"]?.stringValue else { continue }
            byIdentifier[identifier] = category
        }
        categories = byIdentifier
        return CenterChange(.categoriesSet, ["categories": .array(byIdentifier.keys.sorted().compactMap { byIdentifier[$0] })])
    }

    /// A notification delivered: the newest; one with the same identifier is replaced, as a
    /// push with the same `apns-collapse-id` replaces the one before.
    @discardableResult
    public mutating func deliver(_ notification: Delivered) -> CenterChange {
        let replaced = delivered.contains { $0.identifier == notification.identifier }
        delivered.removeAll { $0.identifier == notification.identifier }
        delivered.insert(notification, at: 0)
        if let badge = notification.content["badge"]?.integerValue { self.badge = badge }
        return CenterChange(.delivered, ["identifier": .string(notification.identifier), "replaced": .bool(replaced)])
    }

    /// `removeDeliveredNotifications(withIdentifiers:)`; returns the change with the
    /// identifiers that were there.
    public mutating func removeDelivered(_ identifiers: [String]) -> CenterChange {
        let wanted = Set(identifiers)
        let removed = delivered.filter { wanted.contains($0.identifier) }.map(\.identifier)
        delivered.removeAll { wanted.contains($0.identifier) }
        return CenterChange(.deliveredRemoved, ["identifiers": .array(removed.map(JSONValue.string))])
    }

    /// `removeAllDeliveredNotifications()`.
    public mutating func removeAllDelivered() -> CenterChange {
        let removed = delivered.map(\.identifier)
        delivered.removeAll()
        return CenterChange(.deliveredRemoved, ["identifiers": .array(removed.map(JSONValue.string)), "all": .bool(true)])
    }

    /// `add(_:)` of a local request: one with the same identifier is replaced; past 64, iOS
    /// keeps the 64 that fire soonest (those without a date, location triggers, last; among
    /// equals, the earlier added) and drops the rest.
    public mutating func addPending(_ request: Pending) -> CenterChange {
        let replaced = pending.contains { $0.identifier == request.identifier }
        pending.removeAll { $0.identifier == request.identifier }
        pending.append(request)
        var dropped: [String] = []
        if pending.count > Self.maximumPending {
            let ranked = pending.enumerated().sorted { a, b in
                let (x, y) = (a.element.nextDate ?? .infinity, b.element.nextDate ?? .infinity)
                return x != y ? x < y : a.offset < b.offset
            }
            let kept = Set(ranked.prefix(Self.maximumPending).map(\.offset))
            dropped = pending.indices.filter { !kept.contains($0) }.map { pending[$0].identifier }
            pending = pending.indices.filter(kept.contains).map { pending[$0] }
        }
        return CenterChange(
            .requestAdded,
            [
                "identifier": .string(request.identifier), "replaced": .bool(replaced),
                "trigger": request.trigger, "dropped": .array(dropped.map(JSONValue.string)),
            ])
    }

    /// `removePendingNotificationRequests(withIdentifiers:)`.
    public mutating func removePending(_ identifiers: [String]) -> CenterChange {
        let wanted = Set(identifiers)
        let removed = pending.filter { wanted.contains($0.identifier) }.map(\.identifier)
        pending.removeAll { wanted.contains($0.identifier) }
        return CenterChange(.requestsRemoved, ["identifiers": .array(removed.map(JSONValue.string))])
    }

    /// `removeAllPendingNotificationRequests()`.
    public mutating func removeAllPending() -> CenterChange {
        let removed = pending.map(\.identifier)
        pending.removeAll()
        return CenterChange(.requestsRemoved, ["identifiers": .array(removed.map(JSONValue.string)), "all": .bool(true)])
    }

    /// `setBadgeCount(_:)`; 0 clears it.
    public mutating func setBadge(_ count: Int64) -> CenterChange {
        badge = count
        return CenterChange(.badgeSet, ["badge": .integer(count)])
    }

    /// Whether a category with this identifier is registered.
    public func hasCategory(_ identifier: String) -> Bool { categories[identifier] != nil }
}

/// What one operation did to the center, for reports: `{"change": "categoriesSet", ...}`.
public struct CenterChange: Sendable, Equatable {
    /// The kinds of change.
    public enum Kind: String, Sendable, CaseIterable {
        case categoriesSet, delivered, deliveredRemoved, requestAdded, requestsRemoved, badgeSet
        /// A local request's trigger came due (the clock or the position) and it was delivered.
        case fired
        /// The virtual clock moved on; the simulated position changed.
        case clockAdvanced, moved
    }

    public let kind: Kind
    public let details: [String: JSONValue]

    public init(_ kind: Kind, _ details: [String: JSONValue]) {
        self.kind = kind
        self.details = details
    }

    /// `{"change": KIND, ...details}`.
    public var jsonValue: JSONValue {
        var object = details
        object["change"] = .string(kind.rawValue)
        return .object(object)
    }

    /// The change read back from its JSON form; nil if it is not one.
    public init?(jsonValue: JSONValue) {
        guard var object = jsonValue.objectValue, let kind = object.removeValue(forKey: "change")?.stringValue.flatMap(Kind.init) else {
            return nil
        }
        self.kind = kind
        details = object
    }
}
