import Foundation

/// Logs a printf-style message: `os_log("fetched %{public}@ in %d ms", log: log, type: .info, url, ms)`.
/// As on iOS, `%@` and `%s` values are private unless marked `%{public}`; numbers are public
/// unless marked `%{private}`.
public func os_log(
    _ message: StaticString, dso: UnsafeRawPointer? = nil, log: OSLog = .default, type: OSLogType = .default,
    _ args: any CVarArg...
) {
    guard log.enabled else { return }
    let (full, redacted) = PrintfFormat.render(message.description, args)
    LogRecord.emit(type, subsystem: log.subsystem, category: log.category, full: full, redacted: redacted)
}

/// Logs a message at a level (the iOS 14 form): `os_log(.error, log: log, "failed: \(error)")`.
public func os_log(_ type: OSLogType, dso: UnsafeRawPointer? = nil, log: OSLog = .default, _ message: OSLogMessage) {
    Logger(log).log(level: type, message)
}

/// Logs a message at the default level (the iOS 14 form).
public func os_log(_ message: OSLogMessage, dso: UnsafeRawPointer? = nil, log: OSLog = .default) {
    Logger(log).log(level: .default, message)
}

/// printf-style formats as unified logging reads them.
enum PrintfFormat {
    /// The message with every value, and with private values as `<private>`.
    static func render(_ format: String, _ args: [any CVarArg]) -> (full: String, redacted: String) {
        var full = ""
        var redacted = ""
        var arguments = args[...]
        var characters = format[...]
        while let percent = characters.firstIndex(of: "%") {
            full += characters[..<percent]
            redacted += characters[..<percent]
            characters = characters[characters.index(after: percent)...]
            if characters.first == "%" {
                full += "%"
                redacted += "%"
                characters = characters.dropFirst()
                continue
            }
            var privacy: String?
            if characters.first == "{", let close = characters.firstIndex(of: "}") {
                privacy = String(characters[characters.index(after: characters.startIndex)..<close])
                characters = characters[characters.index(after: close)...]
            }
            // Flags, width, precision and length modifiers, then the conversion.
            var spec = "%"
            while let next = characters.first, "-+ #0123456789.hlqzjt".contains(next) {
                spec.append(next)
                characters = characters.dropFirst()
            }
            guard let conversion = characters.first else { break }
            characters = characters.dropFirst()
            let argument = arguments.popFirst()
            let text = formatted(conversion: conversion, spec: spec, argument)
            let isScalar = !"@s".contains(conversion)
            let isPrivate = privacy.map { $0.contains("private") || $0.contains("sensitive") } ?? !isScalar
            full += text
            redacted += isPrivate ? "<private>" : text
        }
        full += characters
        redacted += characters
        return (full, redacted)
    }

    private static func formatted(conversion: Character, spec: String, _ argument: (any CVarArg)?) -> String {
        guard let argument else { return "<missing>" }
        switch conversion {
        case "@", "s":
            return String(describing: argument)
        case "d", "i", "u", "x", "X", "o", "c":
            let length = spec.filter { "hlqzjt".contains($0) }
            let base = String(spec.filter { !"hlqzjt".contains($0) })
            if let number = argument as? any BinaryInteger {
                return String(format: base + "ll" + String(conversion), Int64(truncatingIfNeeded: number))
            }
            return String(format: base + length + String(conversion), argument)
        case "f", "F", "e", "E", "g", "G":
            if let number = argument as? any BinaryFloatingPoint {
                return String(format: spec.filter { !"hlqzjt".contains($0) } + String(conversion), Double(number))
            }
            return String(describing: argument)
        default:
            return String(describing: argument)
        }
    }
}
