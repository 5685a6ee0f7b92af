import ArgumentParser
import Foundation
import NSESimCore

/// A size given on the command line: `24MB` (1,000,000-byte megabytes, as the
/// attachment limits), `24MiB`, `512KB`, `1GB`, or plain bytes.
struct ByteCount: ExpressibleByArgument {
    let bytes: Int64

    init?(argument: String) {
        guard let bytes = ByteSize.parse(argument) else { return nil }
        self.bytes = bytes
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
