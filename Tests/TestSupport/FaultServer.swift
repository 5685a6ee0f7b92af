import Foundation
import Synchronization

/// Fixtures/server/fault_server.py, started on 127.0.0.1 with a free port for a test and
/// stopped when the value is dropped (or with ``stop()``). See the script for its paths.
public final class FaultServer: @unchecked Sendable {
    public let port: Int
    /// `http://127.0.0.1:PORT` (or https with a certificate).
    public let baseURL: URL
    private let process: Process
    private let output: ChildOutput
    private let stopped = Atomic<Bool>(false)

    /// Starts the server on `root` (default Fixtures/media); with `tls`, HTTPS with that
    /// certificate and key (PEM files).
    public init(root: String = repositoryPath("Fixtures/media"), tls: (certificate: String, key: String)? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", repositoryPath("Fixtures/server/fault_server.py"), root]
        if let tls { arguments += ["--tls", tls.certificate, tls.key] }
        process.arguments = arguments
        // Its first line ("PORT n") goes to a file, polled: a pipe's reader could wait for
        // ever if the server died while a child started at the same moment held the pipe.
        let output = try ChildOutput()
        process.standardOutput = output.stdout
        process.standardError = FileHandle.standardError
        process.standardInput = FileHandle.nullDevice
        output.process = process
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            text = output.currentOutput()
            if text.contains("\n") || !process.isRunning { break }
            usleep(10_000)
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadUnknown, userInfo: [NSDebugDescriptionErrorKey: "the fault server did not start: \(text)"])
        }
        self.output = output
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
    ///
    /// It waits for the death in `/proc`, never with `Process.waitUntilExit()`: Foundation
    /// reaps its children from a SIGCHLD handler on a dispatch queue, and `stop()` runs in a
    /// `deinit` on one of the test run's few pooled threads. With every pooled thread in such
    /// a wait (two on a 2-core machine), the handler never got a thread and the run hung with
    /// the servers as zombies (seen under a load of 30 on 2026-11-25).
    public func stop() {
        let pid = process.processIdentifier
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        kill(pid, SIGKILL)
        ProcessDeath.wait(for: pid, limit: .seconds(10))
        output.discard()
    }

    deinit { stop() }
}
