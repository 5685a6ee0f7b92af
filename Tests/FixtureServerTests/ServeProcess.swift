import Foundation
import NSESimTestSupport
import Testing

/// The real `nsesim serve` as a child process: started, its first line read, stopped with a
/// signal and its exit awaited (through the termination handler, not a blocking wait).
final class ServeProcess: Sendable {
    let process: Process
    /// The first line it printed.
    let line: String
    /// The port in that line.
    let port: Int
    private let ended: AsyncStream<Void>

    /// Starts `nsesim serve ARGUMENTS` and waits for its "Serving ..." line.
    init(_ arguments: [String]) async throws {
        let process = Process()
        process.executableURL = NSESimCommand.executable
        process.arguments = ["serve"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        process.standardInput = FileHandle.nullDevice
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in
            continuation.yield()
            continuation.finish()
        }
        try process.run()
        let handle = output.fileHandleForReading
        let line = try await RawHTTP.onOwnThread { () -> String in
            var bytes = Data()
            while !bytes.contains(UInt8(ascii: "\n")) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        self.process = process
        self.line = line
        self.ended = stream
        guard let range = line.range(of: "http://127.0.0.1:"),
              let port = Int(line[range.upperBound...].prefix(while: \.isNumber)) else {
            process.terminate()
            Issue.record("nsesim serve printed no address: \"\(line)\"")
            throw CocoaError(.fileReadUnknown)
        }
        self.port = port
    }

    deinit {
        // A test that failed before stop(): never leave a server behind.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Sends `signal` and returns the exit status once the process has ended.
    func stop(with signal: Int32 = SIGTERM) async -> (status: Int32, reason: Process.TerminationReason) {
        kill(process.processIdentifier, signal)
        for await _ in ended {}
        return (process.terminationStatus, process.terminationReason)
    }
}
