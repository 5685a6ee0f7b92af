/// How an nsesim command ends, as its process's exit status: one table for the command line
/// and for the library errors that say which of these they are (`PayloadError`,
/// `XcodeProjectError`, `ExtensionError`, `ReplayError`). The numbers are the BSD
/// `sysexits.h` ones a shell script can tell apart (`EX_USAGE`, `EX_DATAERR`, `EX_NOINPUT`,
/// `EX_SOFTWARE`, `EX_CANTCREAT`), 1 for an expectation that failed, 130 for an interrupt (128 + SIGINT).
public enum ExitStatus: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Done: every file valid, every expectation met (0); an expectation failed: a replay
    /// case's, a bench threshold's or `show --expect`'s (1).
    case done = 0, expectationFailed = 1
    /// The command line is wrong: an unknown value, a missing option, a server that is needed
    /// (64); the input is bad: a payload, a case, a project, a build's sources, an attachment
    /// (65); a file or folder named is not there (66).
    case usage = 64, badInput = 65, missingFile = 66
    /// nsesim's own failure: its build products, the toolchain, a port, a write (70); an output
    /// folder that cannot be made or written (73, `EX_CANTCREAT`: `--coverage DIR`); stopped by
    /// SIGINT or SIGTERM (130).
    case internalError = 70, cannotCreate = 73, interrupted = 130

    /// The number, as the process exits with it.
    public var code: Int32 { rawValue }

    public var description: String { String(rawValue) }
}
