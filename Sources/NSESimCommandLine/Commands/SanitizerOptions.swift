import ArgumentParser
import NSESimBuild

/// `--sanitize thread|address|undefined`: the extension built with a sanitizer and run with its
/// runtime (docs/sanitizers.md); shared by every command that builds an extension, and replay.
struct SanitizerOptions: ParsableArguments {
    @Option(
        name: .customLong("sanitize"),
        help: ArgumentHelp(
            "Build the extension with a sanitizer and report what it finds: thread (data races), address "
                + "(out-of-bounds accesses, use after free) or undefined (C code's undefined behaviour). "
                + "Cached apart from the normal build; each process is spawned (no zygote), with no memory limit.",
            valueName: "NAME"), transform: Self.sanitizer)
    var sanitizer: Sanitizer?

    /// `--sanitize`: one of ``Sanitizer``'s names; anything else names them (exit 64).
    static func sanitizer(_ argument: String) throws -> Sanitizer {
        guard let sanitizer = Sanitizer(rawValue: argument) else {
            throw ValidationError("--sanitize \(argument): not a sanitizer; expected one of \(Sanitizer.accepted)")
        }
        return sanitizer
    }
}
