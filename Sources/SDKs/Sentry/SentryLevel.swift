import Foundation

/// How severe an event or breadcrumb is.
public enum SentryLevel: UInt, Sendable, CaseIterable {
    /// No level.
    case none = 0
    /// Debugging detail.
    case debug = 1
    /// Information.
    case info = 2
    /// A warning.
    case warning = 3
    /// An error.
    case error = 4
    /// A fatal error.
    case fatal = 5

    /// The name Sentry's JSON uses ("error").
    var name: String {
        switch self {
        case .none: return "none"
        case .debug: return "debug"
        case .info: return "info"
        case .warning: return "warning"
        case .error: return "error"
        case .fatal: return "fatal"
        }
    }
}

/// An event's or a trace's identifier: 32 hexadecimal digits.
open class SentryId: NSObject, @unchecked Sendable {
    /// The identifier of nothing (all zeros): what a dropped capture returns.
    public static let empty = SentryId(uuidString: "00000000-0000-0000-0000-000000000000")
    /// The 32 lowercase hexadecimal digits.
    public let sentryIdString: String

    /// A new random identifier.
    public override convenience init() { self.init(uuid: UUID()) }

    /// The identifier of `uuid`.
    public init(uuid: UUID) {
        sentryIdString = uuid.uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        super.init()
    }

    /// The identifier of a UUID string or 32 hexadecimal digits; `empty`'s when it is neither.
    public init(uuidString: String) {
        let digits = uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        sentryIdString = digits.count == 32 && digits.allSatisfy(\.isHexDigit) ? digits : String(repeating: "0", count: 32)
        super.init()
    }

    /// The 32 digits.
    open override var description: String { sentryIdString }

    /// Equal when the digits are.
    open override func isEqual(_ object: Any?) -> Bool { (object as? SentryId)?.sentryIdString == sentryIdString }

    /// The digits' hash.
    open override var hash: Int { sentryIdString.hashValue }
}

/// A span's identifier: 16 hexadecimal digits.
open class SpanId: NSObject, @unchecked Sendable {
    /// The 16 lowercase hexadecimal digits.
    public let sentrySpanIdString: String

    /// A new random identifier.
    public override init() {
        sentrySpanIdString = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        super.init()
    }

    /// The 16 digits.
    open override var description: String { sentrySpanIdString }
}

/// Whether a transaction is sampled (sent).
public enum SentrySampleDecision: UInt, Sendable {
    /// Not decided yet.
    case undecided = 0
    /// Sampled: sent when it finishes.
    case yes = 1
    /// Not sampled: never sent.
    case no = 2
}

/// How a span ended, Sentry's statuses.
public enum SentrySpanStatus: UInt, Sendable, CaseIterable {
    /// Not set.
    case undefined, ok, deadlineExceeded, unauthenticated, permissionDenied, notFound, resourceExhausted, invalidArgument,
        unimplemented, unavailable, internalError, unknownError, cancelled, alreadyExists, failedPrecondition, aborted, outOfRange,
        dataLoss

    /// Sentry's JSON name ("deadline_exceeded").
    var name: String {
        let camel = "\(self)"
        return camel.reduce(into: "") { result, character in
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
    }
}
