import Foundation
import NSESimRuntime

/// A sanitizer an extension is built and run with (`--sanitize thread|address|undefined`;
/// docs/sanitizers.md): the compiler's flags, the runtime library preloaded into the unchanged
/// extension host, and the runtime's options. The extension is a library the host `dlopen`s;
/// ThreadSanitizer and AddressSanitizer must be in the process from its start, so their runtime
/// is preloaded (`LD_PRELOAD`, first) rather than linked into the host, and the instrumented
/// library links the same runtime (its `__tsan_*`/`__asan_*` calls resolve at link time, as
/// every symbol of an extension must).
package enum Sanitizer: String, CaseIterable, Sendable, Codable {
    /// ThreadSanitizer: data races, Swift access races.
    case thread
    /// AddressSanitizer: out-of-bounds accesses, use after free, double free.
    case address
    /// UndefinedBehaviorSanitizer: for C code; Swift checks overflow, bounds and unwraps itself
    /// (a trap, reported as a crash), and swiftc has no `-sanitize=undefined` on Linux.
    case undefined

    /// The accepted names, for messages: `thread, address, undefined`.
    package static var accepted: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The runtime's name as the sanitizer names itself in its reports.
    package var toolName: String {
        switch self {
        case .thread: "ThreadSanitizer"
        case .address: "AddressSanitizer"
        case .undefined: "UndefinedBehaviorSanitizer"
        }
    }

    /// The runtime library's file name in the toolchain's clang folder.
    package var runtimeFileName: String {
        switch self {
        case .thread: "libclang_rt.tsan-x86_64.so"
        case .address: "libclang_rt.asan-x86_64.so"
        case .undefined: "libclang_rt.ubsan_standalone-x86_64.so"
        }
    }

    /// The options variable its runtime reads.
    package var optionsVariable: String {
        switch self {
        case .thread: "TSAN_OPTIONS"
        case .address: "ASAN_OPTIONS"
        case .undefined: "UBSAN_OPTIONS"
        }
    }

    /// What goes into every build's cache key: nothing without a sanitizer (the normal build's
    /// key is unchanged), its name with one, so sanitized builds are cached apart.
    package static func keyPart(_ sanitizer: Sanitizer?) -> String {
        sanitizer.map { "; sanitizer \($0.rawValue)" } ?? ""
    }

    /// swiftc's arguments: the instrumentation, and the runtime linked so that every symbol
    /// resolves at link time (`-z defs`); the runtime is found at run time by its preload (and
    /// the rpath). `undefined` instruments no Swift (see the case).
    package func swiftcArguments(runtimeFolder: URL) -> [String] {
        let library = String(runtimeFileName.dropFirst("lib".count).dropLast(".so".count))
        let link = ["-L", runtimeFolder.path, "-l\(library)", "-Xlinker", "-rpath", "-Xlinker", runtimeFolder.path]
        switch self {
        case .thread: return ["-sanitize=thread"] + link
        case .address: return ["-sanitize=address"] + link
        case .undefined: return []
        }
    }

    /// The folder of the toolchain's sanitizer runtimes: `NSESIM_SANITIZER_RUNTIMES`, else
    /// `lib/clang/VERSION/lib/linux` beside `swiftc`'s `bin` (the highest version there).
    package static func runtimeFolder(swiftc: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let override = NSESimEnvironment.sanitizerRuntimes.value(in: environment) {
            return URL(fileURLWithPath: override)
        }
        let clang = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/clang")
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: clang.path)) ?? [])
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }
        return clang.appendingPathComponent(versions.last ?? "VERSION").appendingPathComponent("lib/linux")
    }

    /// The runtime library in `folder`; an error naming the file looked for when it is missing.
    package func runtime(in folder: URL) throws(ExtensionError) -> URL {
        let library = folder.appendingPathComponent(runtimeFileName)
        guard FileManager.default.fileExists(atPath: library.path) else {
            throw .environment(
                "--sanitize \(rawValue): the \(toolName) runtime \(library.path) is missing; "
                    + "install a Swift toolchain that has it (swift.org's Linux toolchains do), or name the folder "
                    + "that holds \(runtimeFileName) with \(NSESimEnvironment.sanitizerRuntimes.name)")
        }
        return library
    }

    /// What the extension process's `LD_PRELOAD` starts with: the runtime first (AddressSanitizer
    /// refuses to run otherwise), and for ThreadSanitizer libdispatch, whose functions the
    /// toolchain's runtime intercepts and must find when it loads (the host links no libdispatch).
    package func preload(runtime: URL, swiftc: URL) -> [String] {
        guard self == .thread else { return [runtime.path] }
        let dispatch = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/linux/libdispatch.so")
        return [runtime.path] + (FileManager.default.fileExists(atPath: dispatch.path) ? [dispatch.path] : [])
    }

    /// The runtime's options: its reports into `logPath.PID` (not the extension's output),
    /// unsymbolized (nsesim symbolizes them after the run: a symbolizer started inside the
    /// extension's process would stop the racing thread for half a second, the deadline
    /// running); ThreadSanitizer and UBSan go on after a finding, so the outcome stays the one
    /// iOS gives; AddressSanitizer stops at the first, as it does on a device (a crash).
    package func options(logPath: String) -> String {
        var options = ["log_path=\(logPath)", "detect_leaks=0", "symbolize=0"]
        switch self {
        // No second's sleep at exit (ThreadSanitizer's default, for late reports) and its status
        // not made 66 by a finding: the process ends as the normal build's does.
        case .thread: options += ["halt_on_error=0", "report_signal_unsafe=0", "atexit_sleep_ms=0", "exitcode=0"]
        case .address: options += ["halt_on_error=1", "abort_on_error=1"]
        case .undefined: options += ["halt_on_error=0", "print_stacktrace=1"]
        }
        if self == .thread { options.removeAll { $0 == "detect_leaks=0" } }
        return options.joined(separator: ":")
    }
}
