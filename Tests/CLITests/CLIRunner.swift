import Foundation
import Testing

/// The repository root, found from this file's path (Tests/CLITests/CLIRunner.swift).
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

/// A path under the repository root, e.g. `Fixtures/payloads/silent.json`.
func fixture(_ relativePath: String) -> String {
    repositoryRoot.appendingPathComponent(relativePath).path
}

/// What one run of `nsesim` gave.
struct CLIResult: Sendable, CustomStringConvertible {
    let status: Int32
    /// True when the process died of a signal (a crash) instead of exiting.
    let crashed: Bool
    let stdout: String
    let stderr: String

    var description: String { "\(crashed ? "signal" : "exit") \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }

    /// Standard output parsed as a JSON object.
    func jsonObject(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(value as? [String: Any], "stdout is not one JSON object: \(stdout)", sourceLocation: sourceLocation)
    }
}

/// Collects a pipe's bytes on a background thread, so that neither pipe can fill up and
/// block the child while the other is read.
private final class PipeReader: @unchecked Sendable {
    private let handle: FileHandle
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ pipe: Pipe) {
        handle = pipe.fileHandleForReading
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

/// The built `nsesim` executable: it sits in the products folder beside the test binary.
let nsesimExecutable: URL = {
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

/// Runs `nsesim ARGUMENTS` in the repository root and waits for it.
func nsesim(_ arguments: String...) throws -> CLIResult {
    try nsesim(arguments: arguments)
}

func nsesim(arguments: [String]) throws -> CLIResult {
    let process = Process()
    process.executableURL = nsesimExecutable
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stdout = PipeReader(output)
    let stderr = PipeReader(errors)
    process.waitUntilExit()
    return CLIResult(status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
                     stdout: stdout.text(), stderr: stderr.text())
}
