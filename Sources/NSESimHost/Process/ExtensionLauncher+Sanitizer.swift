import Foundation
import NSESimBuild

extension ExtensionContainer {
    /// Where the sanitizer runtime writes its findings (`log_path`; the runtime adds `.PID`):
    /// beside the container, so the extension never sees it; read and removed after the run.
    package var sanitizerLogPrefix: String { rootPath + ".sanitizer" }
}

extension ExtensionLauncher {
    /// The environment of an extension built with a sanitizer (docs/sanitizers.md): its runtime
    /// preloaded first, before `preload` (the file-protection interposer's and nsesim's own),
    /// and its options (the log beside the container, unsymbolized: nsesim symbolizes it). Nothing for
    /// a normal build, or when the runtime is gone since the build (the process then fails to
    /// load the extension, and says which library it missed).
    func sanitizerEnvironment(container: ExtensionContainer, preload: String?) -> [String: String] {
        guard let sanitizer = built.sanitizer,
            let runtime = try? sanitizer.runtime(in: Sanitizer.runtimeFolder(swiftc: toolchain.swiftc))
        else { return [:] }
        let entries = sanitizer.preload(runtime: runtime, swiftc: toolchain.swiftc) + [preload].compactMap { $0 }.filter { !$0.isEmpty }
        var options = sanitizer.options(logPath: container.sanitizerLogPrefix)
        options += ":stack_trace_format='\(SanitizerLog.frameFormat)'"
        if sanitizer == .undefined { options += ":report_error_type=1" }
        var environment = ["LD_PRELOAD": entries.joined(separator: " "), sanitizer.optionsVariable: options]
        // AddressSanitizer's abort is the crash: the Swift runtime's backtracer, run inside it, would
        // trip the sanitizer again ("nested bug") and end the process with a status instead of the
        // signal. The crash's frames come from the finding (``ExtensionRunner``).
        if sanitizer == .address { environment["SWIFT_BACKTRACE"] = "enable=no" }
        return environment
    }

    /// The findings the sanitizer wrote for `container`'s process, read and removed; none for a
    /// normal build.
    package func sanitizerFindings(of container: ExtensionContainer) async -> [SanitizerFinding] {
        guard built.sanitizer != nil else { return [] }
        let ownCode = OwnCode(built)
        let found = SanitizerLog.collect(prefix: container.sanitizerLogPrefix, ownCode: ownCode)
        let symbolication = StackSymbolication.find()
        let named = await SanitizerLog.symbolicated(found, ownCode: ownCode, with: symbolication)
        return SanitizerLog.merged(await SanitizerLog.demangled(await SanitizerLog.lined(named, with: symbolication), with: symbolication))
    }
}
