import Foundation

// Shared by the test targets that run the real `nsesim` executable as a child process.

/// The repository root, found from this file's path (Tests/TestSupport/NSESimCommand.swift).
public let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

/// A path under the repository root, e.g. `Fixtures/payloads/silent.json`.
public func repositoryPath(_ relativePath: String) -> String {
    repositoryRoot.appendingPathComponent(relativePath).path
}

/// What one run of `nsesim` gave.
public struct CLIResult: Sendable, CustomStringConvertible {
    public let status: Int32
    /// True when the process died of a signal (a crash) instead of exiting.
    public let crashed: Bool
    public let stdout: String
    public let stderr: String

    public var description: String { "\(crashed ? "signal" : "exit") \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }

    /// Standard output parsed as one JSON object.
    public func jsonObject() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
            throw CocoaError(.propertyListReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "stdout is not one JSON object: \(stdout)"])
        }
        return object
    }
}

/// Runs the built `nsesim` in the repository root.
public enum NSESimCommand {
    /// The built executable: it sits in the products folder beside the test binary.
    public static let executable: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // On some layouts the test binary sits inside a bundle folder (…/X.xctest/…): walk up.
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("nsesim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return testBinary.deletingLastPathComponent().appendingPathComponent("nsesim")
    }()

    /// Runs `nsesim ARGUMENTS`, blocking the calling thread until it exits.
    public static func runBlocking(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
        let ended = DispatchSemaphore(value: 0)
        let child = try start(arguments, environment: environment) { ended.signal() }
        ended.wait()
        return child.result()
    }

    /// Runs `nsesim ARGUMENTS` and waits for it without blocking a thread of the test pool.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLIResult {
        let ended = AsyncStream<Void>.makeStream()
        let child = try start(arguments, environment: environment) {
            ended.continuation.yield()
            ended.continuation.finish()
        }
        for await _ in ended.stream {}
        return child.result()
    }

    /// Output goes to temporary files, not pipes: on Linux, Foundation's `Process` lets
    /// children started at the same moment by other tests inherit pipe ends, and a
    /// long-lived one (a test server) holding a write end would keep a reader waiting for
    /// an end of file that never comes. A file needs no end of file: it is read once the
    /// process has exited.
    private static func start(
        _ arguments: [String], environment: [String: String],
        onExit: @escaping @Sendable () -> Void
    ) throws -> ChildOutput {
        let output = try ChildOutput()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output.stdout
        process.standardError = output.stderr
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { _ in onExit() }
        output.process = process
        try process.run()
        return output
    }
}

/// Runs any command found on PATH (`xmllint`, `curl`, ...) with output in files (see
/// ``NSESimCommand``), blocking until it exits.
public func runTool(_ arguments: [String]) throws -> CLIResult {
    let output = try ChildOutput()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = output.stdout
    process.standardError = output.stderr
    process.standardInput = FileHandle.nullDevice
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    output.process = process
    try process.run()
    ended.wait()
    return output.result()
}

/// A child's standard output and error, in temporary files removed once read.
final class ChildOutput: @unchecked Sendable {
    let stdout: FileHandle
    let stderr: FileHandle
    private let stdoutURL: URL
    private let stderrURL: URL
    var process: Process?

    init() throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-test-\(UUID().uuidString)")
        stdoutURL = base.appendingPathExtension("out")
        stderrURL = base.appendingPathExtension("err")
        FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        stdout = try FileHandle(forWritingTo: stdoutURL)
        stderr = try FileHandle(forWritingTo: stderrURL)
    }

    /// What the child has written to its standard output so far.
    func currentOutput() -> String {
        String(decoding: (try? Data(contentsOf: stdoutURL)) ?? Data(), as: UTF8.self)
    }

    /// Closes and removes the output files without asking the process for its status (for a
    /// process killed and not yet reaped by Foundation).
    func discard() {
        try? stdout.close()
        try? stderr.close()
        try? FileManager.default.removeItem(at: stdoutURL)
        try? FileManager.default.removeItem(at: stderrURL)
    }

    func result() -> CLIResult {
        try? stdout.close()
        try? stderr.close()
        defer {
            try? FileManager.default.removeItem(at: stdoutURL)
            try? FileManager.default.removeItem(at: stderrURL)
        }
        let read = { (url: URL) in String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }
        return CLIResult(
            status: process?.terminationStatus ?? -1,
            crashed: process?.terminationReason == .uncaughtSignal,
            stdout: read(stdoutURL), stderr: read(stderrURL))
    }
}
