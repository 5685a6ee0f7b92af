import Foundation

/// Fixtures/server/fault_server.py, started on 127.0.0.1 with a free port for a test and
/// stopped when the value is dropped (or with ``stop()``). See the script for its paths.
public final class FaultServer: @unchecked Sendable {
    public let port: Int
    /// `http://127.0.0.1:PORT` (or https with a certificate).
    public let baseURL: URL
    private let process: Process

    /// Starts the server on `root` (default Fixtures/media); with `tls`, HTTPS with that
    /// certificate and key (PEM files).
    public init(root: String = repositoryPath("Fixtures/media"), tls: (certificate: String, key: String)? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", repositoryPath("Fixtures/server/fault_server.py"), root]
        if let tls { arguments += ["--tls", tls.certificate, tls.key] }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line is "PORT n" once the server listens.
        var line = Data()
        let handle = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = handle.readData(ofLength: 1)
            guard !byte.isEmpty else { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSDebugDescriptionErrorKey: "the fault server did not start: \(text)"])
        }
        self.process = process
        self.port = port
        baseURL = URL(string: "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)")!
    }

    /// A URL on the server: `url("files/sample.jpg")`.
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + "/" + path)!
    }

    /// Bytes of body the server has sent per request path so far.
    public func stats() throws -> [String: Int] {
        let data = try Data(contentsOf: url("stats"))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Int]) ?? [:]
    }

    /// Stops the server with SIGKILL: test threads may block SIGTERM, and a child
    /// inherits that mask, so a SIGTERM could go unanswered and the wait never end.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}
