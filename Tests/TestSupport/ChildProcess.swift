import Foundation
import Synchronization

/// A child process (Foundation's `Process`) whose output goes to temporary files, awaited
/// through its termination handler.
///
/// Two things keep parallel tests from hanging each other: every launch in this target
/// goes through one lock, because Foundation (on Linux) gives a child every descriptor
/// opened by another thread between its scan of open descriptors and the spawn, among them
/// the socket pair through which another launch's end is noticed, or the write end of its
/// pipe; and output goes to files, never pipes, so that no read waits for an end of file
/// that a long-lived sibling could hold off.
public final class ChildProcess: Sendable {
    private static let launchLock = Mutex(())

    public let process: Process
    private let folder: URL
    private let ended: AsyncStream<Void>
    private let endedFlag = EndedFlag()

    public init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["stdout", "stderr"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let output = try FileHandle(forWritingTo: folder.appendingPathComponent("stdout"))
        let errors = try FileHandle(forWritingTo: folder.appendingPathComponent("stderr"))
        defer {
            try? output.close()
            try? errors.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let flag = endedFlag
        process.terminationHandler = { _ in
            flag.set()
            continuation.yield()
            continuation.finish()
        }
        try Self.launchLock.withLock { _ in try process.run() }
        self.process = process
        ended = stream
    }

    /// `nsesim ARGUMENTS`, the executable built beside the test binary.
    public static func nsesim(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(NSESimCommand.executable, arguments, environment: environment)
    }

    deinit {
        // Never leave a process behind, whatever the test did.
        if !endedFlag.value { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    public var stdout: String { text("stdout") }
    public var stderr: String { text("stderr") }

    /// Waits until the process has ended, at most `limit`; false when it has not. One
    /// waiter at a time.
    public func waitForExit(limit: Duration = .seconds(30)) async -> Bool {
        if endedFlag.value { return true }
        let stream = ended
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in stream {}
                return true
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first || endedFlag.value
        }
    }

    /// The exit status, once ended (nil: killed by a signal, or still running).
    public var exitStatus: Int32? {
        guard endedFlag.value, process.terminationReason == .exit else { return nil }
        return process.terminationStatus
    }

    /// Sends a signal.
    public func send(_ signal: Int32) {
        if !endedFlag.value { kill(process.processIdentifier, signal) }
    }

    /// Waits until standard output has a whole first line, at most `limit`.
    public func firstLine(limit: Duration = .seconds(60)) async throws -> String? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let text = stdout
            if let newline = text.firstIndex(of: "\n") { return String(text[..<newline]) }
            if endedFlag.value { return nil }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    private func text(_ name: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// The whole story, for failure messages.
    public var summary: String {
        "status \(exitStatus.map(String.init) ?? "none")\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)"
    }
}

/// Whether a child process has ended, shared with its termination handler.
private final class EndedFlag: Sendable {
    private let state = Mutex(false)
    func set() { state.withLock { $0 = true } }
    var value: Bool { state.withLock { $0 } }
}
