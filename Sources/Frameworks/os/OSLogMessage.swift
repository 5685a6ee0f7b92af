import Foundation

/// A log message written with string interpolation, each interpolated value with its privacy:
/// `"user \(name, privacy: .private) has \(count) messages"`.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    /// The message with every value shown.
    let full: String
    /// The message as a release log shows it: private values as `<private>`.
    let redacted: String

    public init(stringLiteral value: String) {
        full = value
        redacted = value
    }

    public init(stringInterpolation: StringInterpolation) {
        full = stringInterpolation.full
        redacted = stringInterpolation.redacted
    }

    /// The parts of a message as it is written.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var full = ""
        var redacted = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            full += literal
            redacted += literal
        }

        mutating func append(_ text: String, privacy: OSLogPrivacy, isScalar: Bool) {
            full += text
            redacted += privacy.redacts(isScalar: isScalar) ? "<private>" : text
        }

        public mutating func appendInterpolation(
            _ value: @autoclosure () -> String, align: OSLogStringAlignment = .none,
            privacy: OSLogPrivacy = .auto
        ) {
            append(align.apply(value()), privacy: privacy, isScalar: false)
        }

        public mutating func appendInterpolation<T: CustomStringConvertible>(
            _ value: @autoclosure () -> T,
            align: OSLogStringAlignment = .none,
            privacy: OSLogPrivacy = .auto
        ) {
            append(align.apply(value().description), privacy: privacy, isScalar: false)
        }

        public mutating func appendInterpolation(
            _ value: @autoclosure () -> Int, format: OSLogIntegerFormatting = .decimal,
            align: OSLogIntegerAlignment = .none, privacy: OSLogPrivacy = .auto
        ) {
            append(format.apply(Int64(value())), privacy: privacy, isScalar: true)
        }

        public mutating func appendInterpolation<T: BinaryInteger>(
            _ value: @autoclosure () -> T,
            format: OSLogIntegerFormatting = .decimal,
            align: OSLogIntegerAlignment = .none,
            privacy: OSLogPrivacy = .auto
        ) {
            append(format.apply(Int64(truncatingIfNeeded: value())), privacy: privacy, isScalar: true)
        }

        public mutating func appendInterpolation(
            _ value: @autoclosure () -> Double, format: OSLogFloatFormatting = .fixed,
            privacy: OSLogPrivacy = .auto
        ) {
            append(format.apply(value()), privacy: privacy, isScalar: true)
        }

        public mutating func appendInterpolation(
            _ value: @autoclosure () -> Float, format: OSLogFloatFormatting = .fixed,
            privacy: OSLogPrivacy = .auto
        ) {
            append(format.apply(Double(value())), privacy: privacy, isScalar: true)
        }

        public mutating func appendInterpolation(
            _ value: @autoclosure () -> Bool, format: OSLogBoolFormat = .truth,
            privacy: OSLogPrivacy = .auto
        ) {
            let flag = value()
            append(format == .answer ? (flag ? "YES" : "NO") : (flag ? "true" : "false"), privacy: privacy, isScalar: true)
        }

        public mutating func appendInterpolation(_ value: @autoclosure () -> any Error, privacy: OSLogPrivacy = .auto) {
            append(String(describing: value()), privacy: privacy, isScalar: false)
        }

        public mutating func appendInterpolation(_ value: @autoclosure () -> Any.Type, privacy: OSLogPrivacy = .auto) {
            append(String(describing: value()), privacy: privacy, isScalar: false)
        }

        public mutating func appendInterpolation(_ value: @autoclosure () -> NSError, privacy: OSLogPrivacy = .auto) {
            append(value().description, privacy: privacy, isScalar: false)
        }

        public mutating func appendInterpolation(_ value: @autoclosure () -> NSObject, privacy: OSLogPrivacy = .auto) {
            append(value().description, privacy: privacy, isScalar: false)
        }
    }
}

/// How an interpolated string is aligned in its column.
public struct OSLogStringAlignment: Sendable {
    let width: Int
    let right: Bool
    public static let none = OSLogStringAlignment(width: 0, right: false)
    public static func right(columns: @autoclosure () -> Int) -> OSLogStringAlignment {
        OSLogStringAlignment(width: columns(), right: true)
    }
    public static func left(columns: @autoclosure () -> Int) -> OSLogStringAlignment {
        OSLogStringAlignment(width: columns(), right: false)
    }

    func apply(_ text: String) -> String {
        guard text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return right ? padding + text : text + padding
    }
}

/// How an interpolated integer is aligned (accepted; integers are not padded).
public struct OSLogIntegerAlignment: Sendable {
    public static let none = OSLogIntegerAlignment()
    public static func right(columns: @autoclosure () -> Int) -> OSLogIntegerAlignment { OSLogIntegerAlignment() }
    public static func left(columns: @autoclosure () -> Int) -> OSLogIntegerAlignment { OSLogIntegerAlignment() }
}

/// How an interpolated integer is written.
public struct OSLogIntegerFormatting: Sendable {
    enum Base: Sendable { case decimal, hex, octal }
    let base: Base
    let uppercase: Bool
    let explicitPositiveSign: Bool

    public static let decimal = OSLogIntegerFormatting(base: .decimal, uppercase: false, explicitPositiveSign: false)
    public static let hex = OSLogIntegerFormatting(base: .hex, uppercase: false, explicitPositiveSign: false)
    public static let octal = OSLogIntegerFormatting(base: .octal, uppercase: false, explicitPositiveSign: false)
    public static func decimal(explicitPositiveSign: Bool = false, minDigits: @autoclosure () -> Int = 0) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(base: .decimal, uppercase: false, explicitPositiveSign: explicitPositiveSign)
    }
    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
        minDigits: @autoclosure () -> Int = 0
    ) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(base: .hex, uppercase: uppercase, explicitPositiveSign: explicitPositiveSign)
    }

    func apply(_ value: Int64) -> String {
        let text: String
        switch base {
        case .decimal: text = String(value)
        case .hex: text = String(value, radix: 16, uppercase: uppercase)
        case .octal: text = String(value, radix: 8)
        }
        return explicitPositiveSign && value > 0 ? "+" + text : text
    }
}

/// How an interpolated floating-point number is written.
public struct OSLogFloatFormatting: Sendable {
    let precision: Int?
    public static let fixed = OSLogFloatFormatting(precision: nil)
    public static func fixed(precision: @autoclosure () -> Int) -> OSLogFloatFormatting { OSLogFloatFormatting(precision: precision()) }

    func apply(_ value: Double) -> String {
        String(format: "%.\(precision ?? 6)f", value)
    }
}

/// How an interpolated boolean is written.
public enum OSLogBoolFormat: Sendable {
    /// true / false
    case truth
    /// YES / NO
    case answer
}
