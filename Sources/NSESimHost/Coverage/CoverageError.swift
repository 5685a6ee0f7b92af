import NSESimRuntime

/// Why `--coverage DIR` cannot do its part: each message names the path or tool and the fix.
package enum CoverageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder cannot be made, or nothing can be written in it.
    case cannotCreate(path: String, reason: String)
    /// One of the toolchain's LLVM tools is not beside the build's swiftc.
    case toolMissing(name: String, searched: [String])
    /// A tool ran and failed (its own words).
    case toolFailed(name: String, message: String)

    /// The command's exit status: 73 (`EX_CANTCREAT`) for the folder, 70 for the toolchain.
    package var exitStatus: ExitStatus {
        switch self {
        case .cannotCreate: .cannotCreate
        case .toolMissing, .toolFailed: .internalError
        }
    }

    package var description: String {
        switch self {
        case .cannotCreate(let path, let reason):
            "--coverage \(path): cannot write the coverage report there (\(reason)); give a folder you can write to"
        case .toolMissing(let name, let searched):
            "--coverage needs the Swift toolchain's \(name), which is not beside the swiftc that builds extensions (looked in "
                + searched.joined(separator: ", ")
                + "); use a Swift toolchain that has it (every swift.org toolchain for Linux does), or name its swiftc with SWIFTC"
        case .toolFailed(let name, let message):
            "--coverage: \(name) failed: \(message)"
        }
    }
}
