import Foundation
import NSESimRuntime

/// Takes the stacks of every thread of a live extension process, as iOS's watchdog does before
/// it kills an extension that ran out of time: only at the deadline and at the kill, never
/// otherwise, so a run that does not hang pays nothing (docs/crashes-and-hangs.md#hangs). The
/// tool is elfutils' `eu-stack` (`make deps` installs it; `NSESIM_STACK_TOOL` names another
/// path, or `none`), which stops the process for a few milliseconds while it unwinds;
/// ``StackSymbolication`` adds the own frames' files and lines and demangles the names.
package struct StackSampler: Sendable {
    /// The stack tool as configured: a path or a name looked up on `PATH`; nil for none.
    package var tool: String?

    /// The tool `NSESIM_STACK_TOOL` names (`none`: no stacks), else `eu-stack`.
    package init(environment: [String: String]? = nil) {
        let configured = NSESimEnvironment.stackTool.value(in: environment)
        tool = configured == "none" ? nil : (configured ?? "eu-stack")
    }

    package init(tool: String?) {
        self.tool = tool
    }

    /// The configured tool's path, or why there is none.
    func resolvedTool() -> Result<String, SampleFailure> {
        guard let tool else { return .failure(SampleFailure(message: "stacks are not taken (NSESIM_STACK_TOOL=none)")) }
        if tool.contains("/") {
            return FileManager.default.isExecutableFile(atPath: tool)
                ? .success(tool)
                : .failure(SampleFailure(message: "the stack tool \(tool) (NSESIM_STACK_TOOL) is not an executable file"))
        }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        if let found = folders.map({ "\($0)/\(tool)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            return .success(found)
        }
        return .failure(
            SampleFailure(
                message: "\(tool) is not installed, so no stacks were taken: install elfutils "
                    + "(`apt-get install elfutils`; `make deps` does)"))
    }

    /// Why no stacks were taken.
    package struct SampleFailure: Error, Sendable, Equatable {
        package let message: String
    }

    /// Every thread's stack of process `pid`, as fast as it can be had: the process is stopped
    /// only while eu-stack unwinds it; the frames keep their raw names and their modules'
    /// offsets until ``symbolicated(_:ownCode:symbolication:)``, after the process is done with.
    /// Never throws: a missing or failing tool is a sentence for the report.
    package func sample(pid: pid_t, ownCode: OwnCode) async -> Result<[ThreadStack], SampleFailure> {
        let tool: String
        switch resolvedTool() {
        case .success(let path): tool = path
        case .failure(let failure): return .failure(failure)
        }
        guard let (output, error) = await StackSymbolication.runCapturing(tool, ["-p", "\(pid)", "-r", "-m", "-b", "-n", "64"]) else {
            return .failure(SampleFailure(message: "\(tool) could not be run on process \(pid)"))
        }
        let parsed = EuStackOutput(output)
        guard !parsed.threads.isEmpty else {
            // Its own words (a refused attach names the permission: ptrace, Yama's ptrace_scope).
            let said = error.split(separator: "\n").first.map { ": \($0)" } ?? ""
            return .failure(SampleFailure(message: "\(tool) printed no stack for process \(pid)\(said)"))
        }
        return .success(Self.threads(of: parsed, pid: pid, ownCode: ownCode))
    }

    /// The threads eu-stack printed, as report frames not yet symbolicated (own code by module).
    static func threads(of parsed: EuStackOutput, pid: pid_t, ownCode: OwnCode) -> [ThreadStack] {
        parsed.threads.map { thread in
            ThreadStack(
                id: thread.id, name: threadName(pid: pid, thread: thread.id),
                frames: thread.frames.map { frame in
                    var result = StackFrame(
                        function: frame.symbol, module: frame.modulePath.map { ($0 as NSString).lastPathComponent },
                        address: frame.address)
                    result.modulePath = frame.modulePath
                    result.moduleOffset = frame.offset
                    return ownCode.marked(result)
                })
        }
    }

    /// `hang` with its frames symbolicated: the own frames' files and lines (llvm-symbolizer,
    /// one run per module), every name demangled (one swift-demangle run), own code marked again
    /// (the generated entry point is known by its file) and the stuck thread found again.
    package func symbolicated(
        _ hang: ExtensionHang, ownCode: OwnCode,
        symbolication: StackSymbolication = .find()
    ) async -> ExtensionHang {
        var offsets: [String: Set<UInt64>] = [:]
        for sample in hang.samples {
            for thread in sample.threads {
                for frame in thread.frames where frame.isOwnCode {
                    if let path = frame.modulePath, let offset = frame.moduleOffset { offsets[path, default: []].insert(offset) }
                }
            }
        }
        var locations: [String: [UInt64: StackSymbolication.Location]] = [:]
        for (path, set) in offsets {
            let unique = set.sorted()
            let found = await symbolication.locate(unique, in: path)
            locations[path] = Dictionary(
                uniqueKeysWithValues: zip(unique, found).compactMap { offset, location in
                    location.map { (offset, $0) }
                })
        }
        let names = hang.samples.flatMap { $0.threads.flatMap { $0.frames.compactMap(\.function) } }
        let demangled = await symbolication.demangle(names)
        let table = Dictionary(zip(names, demangled), uniquingKeysWith: { first, _ in first })
        let samples = hang.samples.map { sample in
            var sample = sample
            sample.threads = sample.threads.map { thread in
                var thread = thread
                thread.frames = thread.frames.map { frame in
                    var frame = frame
                    if let path = frame.modulePath, let offset = frame.moduleOffset, let location = locations[path]?[offset] {
                        frame.file = location.file
                        frame.line = location.line
                        frame.column = location.column
                        if frame.function == nil { frame.function = location.function }
                    }
                    frame.function = frame.function.map { table[$0] ?? $0 }
                    frame.modulePath = nil
                    frame.moduleOffset = nil
                    return ownCode.marked(frame)
                }
                return thread
            }
            return sample
        }
        return ExtensionHang(samples: samples)
    }

    /// The thread's name, as the kernel has it.
    static func threadName(pid: pid_t, thread: Int) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
