/// The kind of one message: one bit each, from the most severe.
public struct DDLogFlag: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt
    /// A flag of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// An error.
    public static let error = DDLogFlag(rawValue: 1 << 0)
    /// A warning.
    public static let warning = DDLogFlag(rawValue: 1 << 1)
    /// Information.
    public static let info = DDLogFlag(rawValue: 1 << 2)
    /// Debugging detail.
    public static let debug = DDLogFlag(rawValue: 1 << 3)
    /// Everything else.
    public static let verbose = DDLogFlag(rawValue: 1 << 4)

    /// The flags a level lets through.
    public static func from(_ logLevel: DDLogLevel) -> DDLogFlag { DDLogFlag(rawValue: logLevel.rawValue) }

    /// The flags a level lets through.
    public init(_ logLevel: DDLogLevel) { self.init(rawValue: logLevel.rawValue) }

    /// The level that lets exactly these flags and the more severe ones through.
    public func toLogLevel() -> DDLogLevel {
        if contains(.verbose) { return .verbose }
        if contains(.debug) { return .debug }
        if contains(.info) { return .info }
        if contains(.warning) { return .warning }
        if contains(.error) { return .error }
        return .off
    }

    /// "error", "warning", "info", "debug", "verbose": the flag's name for the report.
    var name: String {
        switch self {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "info"
        case .debug: return "debug"
        case .verbose: return "verbose"
        default: return "flags \(rawValue)"
        }
    }
}

/// How much is logged: the flags of a level and every more severe one.
public enum DDLogLevel: UInt, Sendable, CaseIterable {
    /// Nothing.
    case off = 0
    /// Errors.
    case error = 0b1
    /// Errors and warnings.
    case warning = 0b11
    /// Errors, warnings and information.
    case info = 0b111
    /// And debugging detail.
    case debug = 0b1111
    /// And everything else.
    case verbose = 0b11111
    /// Every flag.
    case all = 0xFFFF_FFFF_FFFF_FFFF
}
