import Foundation

/// A span of virtual time written as numbers with units: `90s`, `10m`, `2h`, `1d`, `1w`,
/// or several together (`1h30m`).
public enum CenterDuration {
    /// Seconds per unit.
    public static let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604_800]

    /// The seconds `text` stands for; nil when it is not numbers each followed by s, m, h, d or w.
    public static func seconds(_ text: String) -> Double? {
        var total = 0.0
        var number = ""
        for character in text.trimmingCharacters(in: .whitespaces) {
            if character.isNumber || character == "." {
                number.append(character)
            } else if let unit = units[character], let value = Double(number) {
                total += value * unit
                number = ""
            } else {
                return nil
            }
        }
        return number.isEmpty && !text.isEmpty ? total : nil
    }

    /// A moment given as an ISO 8601 date and time (`2026-03-26T09:00:00Z`,
    /// `2026-03-26T09:00:00+01:00`), or as a duration after `now` (`+2h`).
    public static func moment(_ text: String, now: Double) -> Double? {
        if text.hasPrefix("+") { return seconds(String(text.dropFirst())).map { now + $0 } }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)?.timeIntervalSince1970
    }

    /// A moment for output: `2026-03-26T08:30:00Z`.
    public static func text(_ seconds: Double) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
    }
}
