import Foundation

/// Sizes as people write them in options and cases: `24MB` (1,000,000-byte megabytes, as
/// the attachment limits), `24MiB`, `512KB`, `1GB`, or plain bytes.
package enum ByteSize {
    /// The number of bytes, or nil when the text is not a positive size.
    package static func parse(_ text: String) -> Int64? {
        let upper = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Double)] = [
            ("GIB", 1_073_741_824), ("MIB", 1_048_576), ("KIB", 1024),
            ("GB", 1e9), ("MB", 1e6), ("KB", 1e3), ("B", 1),
        ]
        for (suffix, factor) in units where upper.hasSuffix(suffix) {
            guard let number = Double(upper.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), number > 0 else {
                return nil
            }
            return Int64(number * factor)
        }
        guard let bytes = Int64(upper), bytes > 0 else { return nil }
        return bytes
    }
}
