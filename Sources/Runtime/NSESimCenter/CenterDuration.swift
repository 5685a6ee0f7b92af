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

    /// A moment for output: `2026-03-26T08:30:00Z` (UTC, whole seconds, as
    /// `ISO8601DateFormatter` writes it). Worked out by arithmetic for the years 1970 to 9999:
    /// making a formatter per call cost `nsesim center ls` most of its time on a large center.
    public static func text(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 253_402_300_800 else {
            return ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
        }
        let whole = Int64(seconds.rounded(.down))
        let days = whole / 86_400
        let time = whole % 86_400
        // Days since 1970-01-01 to a civil date (Howard Hinnant's days_from_civil, inverted).
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let paddedYear = String(repeating: "0", count: max(0, 4 - "\(year)".count)) + "\(year)"
        return "\(paddedYear)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time % 3600 / 60)):\(two(time % 60))Z"
    }
}
