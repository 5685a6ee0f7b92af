import ArgumentParser
import NSESimCore
import NSESimHost

/// `--memory-limit`: a size above the empty-extension baseline (`22MiB`, `24MB`, bytes), or
/// `none`; iOS's limit (``MemoryLimit/defaultBytes``) when not given.
struct MemoryLimitArgument: Sendable, CustomStringConvertible {
    /// The limit in bytes; nil for none.
    let bytes: Int64?

    /// iOS's limit, as calibrated in ``MemoryLimit``.
    static let `default` = MemoryLimitArgument(bytes: MemoryLimit.defaultBytes)

    private init(bytes: Int64?) {
        self.bytes = bytes
    }

    /// As `--help` shows the default.
    var description: String {
        guard let bytes else { return "none" }
        return bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576)MiB" : "\(bytes)"
    }

    /// `none`, or a size above 0; anything else names the value and what is accepted (exit 64).
    static func parse(_ argument: String) throws -> MemoryLimitArgument {
        if argument.lowercased() == "none" { return MemoryLimitArgument(bytes: nil) }
        guard let bytes = ByteSize.parse(argument), bytes > 0 else {
            throw ValidationError(
                "\"\(argument)\" is not a memory limit: give a size above 0 (22MiB, 24MB, 512KB, a number "
                    + "of bytes) or none")
        }
        return MemoryLimitArgument(bytes: bytes)
    }
}
