/// Signposts, the basics: intervals and events are recorded as debug log entries
/// (`begin NAME`, `end NAME`, `event NAME`) with their message.
public struct OSSignposter: Sendable {
    let logger: Logger

    public init(subsystem: String, category: String) {
        logger = Logger(subsystem: subsystem, category: category)
    }

    public init(logHandle: OSLog) {
        logger = Logger(logHandle)
    }

    public init(logger: Logger) {
        self.logger = logger
    }

    private func log(_ kind: String, _ name: StaticString, _ message: OSLogMessage) {
        let text = message.redacted.isEmpty ? "\(kind) \(name)" : "\(kind) \(name) \(message.redacted)"
        logger.log(level: .debug, "\(text, privacy: .public)")
    }

    /// A new signpost identifier.
    public func makeSignpostID() -> OSSignpostID { OSSignpostID(rawValue: UInt64.random(in: 1...UInt64.max)) }

    public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage = "") -> OSSignpostIntervalState
    {
        log("begin", name, message)
        return OSSignpostIntervalState(name: name.description, id: id)
    }

    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState, _ message: OSLogMessage = "") {
        log("end", name, message)
    }

    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage = "") {
        log("event", name, message)
    }
}

/// A signpost's identifier.
public struct OSSignpostID: Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let exclusive = OSSignpostID(rawValue: 0xEEEE_B0B5_B2B2_EEEE)
    public static let invalid = OSSignpostID(rawValue: 0)
    public static let null = OSSignpostID(rawValue: 0)
}

/// The state of a signpost interval begun.
public struct OSSignpostIntervalState: Sendable {
    let name: String
    let id: OSSignpostID
}
