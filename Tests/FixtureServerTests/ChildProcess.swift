import Foundation
import NSESimTestSupport
import Testing

extension ChildProcess {
    /// Runs `nsesim ARGUMENTS` to its end (at most 30 s).
    static func runNSESim(_ arguments: [String]) async throws -> ChildProcess {
        let child = try nsesim(arguments)
        let ended = await child.waitForExit()
        #expect(ended, "nsesim \(arguments.joined(separator: " ")) did not end within 30 s")
        return child
    }
}

/// The real `nsesim serve` as a child process, its "Serving ..." line read.
struct ServeProcess: Sendable {
    let child: ChildProcess
    /// The first line it printed.
    let line: String
    /// The port in that line.
    let port: Int

    init(_ arguments: [String]) async throws {
        child = try ChildProcess.nsesim(["serve"] + arguments)
        let line = try await child.firstLine()
        guard let line, let range = line.range(of: "http://127.0.0.1:"),
            let port = Int(line[range.upperBound...].prefix(while: \.isNumber))
        else {
            child.send(SIGKILL)
            Issue.record("nsesim serve printed no address:\n\(child.summary)")
            throw CocoaError(.fileReadUnknown)
        }
        self.line = line
        self.port = port
    }

    /// Sends `signal` and gives the exit status once the process has ended (nil: it did
    /// not end within 10 s, and was killed).
    func stop(with signal: Int32 = SIGTERM) async -> Int32? {
        child.send(signal)
        guard await child.waitForExit(limit: .seconds(10)) else {
            Issue.record("nsesim serve did not stop within 10 s of signal \(signal)")
            child.send(SIGKILL)
            return nil
        }
        return child.exitStatus
    }
}
