import Foundation

/// How bench figures are written for people: times in ms below a second, else seconds;
/// sizes in 1000-based units, as the attachment limits.
enum BenchFormat {
    static func duration(_ milliseconds: Double?) -> String {
        guard let milliseconds else { return "never" }
        if abs(milliseconds) < 1000 { return String(format: "%.0f ms", milliseconds) }
        return String(format: "%.2f s", milliseconds / 1000)
    }

    static func bytes(_ bytes: Int64) -> String {
        let value = Double(bytes)
        switch abs(value) {
        case ..<1000: return "\(bytes) B"
        case ..<1_000_000: return String(format: "%.1f KB", value / 1000)
        case ..<1_000_000_000: return String(format: "%.1f MB", value / 1_000_000)
        default: return String(format: "%.2f GB", value / 1_000_000_000)
        }
    }

    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.1f", value)
    }
}
