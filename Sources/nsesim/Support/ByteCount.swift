import ArgumentParser
import Foundation

/// A size given on the command line: `24MB` (1,000,000-byte megabytes, as the
/// attachment limits), `24MiB`, `512KB`, `1GB`, or plain bytes.
struct ByteCount: ExpressibleByArgument {
    let bytes: Int64

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Int64)] = [("GIB", 1 << 30), ("MIB", 1 << 20), ("KIB", 1 << 10),
                                        ("GB", 1_000_000_000), ("MB", 1_000_000), ("KB", 1_000), ("B", 1)]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            guard let value = Double(text.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), value > 0 else { return nil }
            bytes = Int64(value * Double(factor))
            return
        }
        guard let value = Int64(text), value > 0 else { return nil }
        bytes = value
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
