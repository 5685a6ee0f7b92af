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
        let (process, stdout, stderr) = try start(arguments, environment: environment, onExit: nil)
        process.waitUntilExit()
        return result(process, stdout, stderr)
    }

    /// Runs `nsesim ARGUMENTS` and waits for it without blocking a thread of the test pool.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLIResult {
        let ended = AsyncStream<Void>.makeStream()
        let (process, stdout, stderr) = try start(arguments, environment: environment) {
            ended.continuation.yield()
            ended.continuation.finish()
        }
        for await _ in ended.stream {}
        return result(process, stdout, stderr)
    }

    private static func start(_ arguments: [String], environment: [String: String],
                              onExit: (@Sendable () -> Void)?) throws -> (Process, PipeCollector, PipeCollector) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        if let onExit { process.terminationHandler = { _ in onExit() } }
        try process.run()
        return (process, PipeCollector(output), PipeCollector(errors))
    }

    private static func result(_ process: Process, _ stdout: PipeCollector, _ stderr: PipeCollector) -> CLIResult {
        CLIResult(status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
                  stdout: stdout.text(), stderr: stderr.text())
    }
}

/// Collects a pipe's bytes on a thread of its own, so that neither pipe can fill up and
/// block the child while the other is read.
final class PipeCollector: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
