import Foundation
import Subprocess

/// A running extension process, as the drivers talk to it, however it was started: spawned
/// by swift-subprocess (an exec of the host) or forked by the extension's zygote
/// (``ExtensionZygote``). Either way it is nsesim's child, in a session of its own, with the
/// protocol on its standard input and output and its log on its standard error.
package struct ExtensionProcess: Sendable {
    /// How the process was started.
    package enum Start: String, Sendable {
        /// An exec of `nsesim-extension-host`.
        case spawned
        /// A fork of the extension's zygote.
        case forked
    }

    enum Backend: Sendable {
        case spawned(Execution<CustomWriteInput, SequenceOutput, SequenceOutput>)
        case forked(ForkedExtensionProcess)
    }

    let backend: Backend
    /// Why a process that was to be forked was spawned (its zygote failed), for the report.
    package let startNote: String?

    init(backend: Backend, startNote: String? = nil) {
        self.backend = backend
        self.startNote = startNote
    }

    /// The process's id.
    package var pid: pid_t {
        switch backend {
        case .spawned(let execution): execution.processIdentifier.value
        case .forked(let process): process.pid
        }
    }

    /// How it was started.
    package var start: Start {
        switch backend {
        case .spawned: .spawned
        case .forked: .forked
        }
    }

    /// Writes `bytes` to its standard input (fails once it is gone).
    package func write(_ bytes: [UInt8]) async throws {
        switch backend {
        case .spawned(let execution): _ = try await execution.standardInputWriter.write(bytes)
        case .forked(let process): try await process.write(bytes)
        }
    }

    /// Closes its standard input.
    package func finishInput() async throws {
        switch backend {
        case .spawned(let execution): try await execution.standardInputWriter.finish()
        case .forked(let process): process.finishInput()
        }
    }

    /// Hands each chunk of its standard output to `body` until the output ends or `body`
    /// returns false. Read once.
    package func readOutput(_ body: (UnsafeRawBufferPointer) -> Bool) async throws {
        switch backend {
        case .spawned(let execution):
            for try await buffer in execution.standardOutput {
                if !buffer.withUnsafeBytes({ body($0) }) { return }
            }
        case .forked(let process):
            for try await chunk in process.output {
                if !chunk.withUnsafeBytes({ body($0) }) { return }
            }
        }
    }

    /// Hands each line of its standard error (without its end) to `body` until it ends;
    /// throws on a line longer than `maximumLineLength` bytes. Read once.
    package func readErrorLines(maximumLineLength: Int, _ body: (String) -> Void) async throws {
        switch backend {
        case .spawned(let execution):
            for try await line in execution.standardError.strings(bufferingPolicy: .maxLineLength(maximumLineLength)) {
                body(line)
            }
        case .forked(let process):
            var splitter = ErrorLineSplitter(maximumLineLength: maximumLineLength)
            for try await chunk in process.error {
                try splitter.append(chunk).forEach(body)
            }
            splitter.finish().map(body)
        }
    }

    /// Sends `signal` to the process, or to its process group.
    package func send(_ signal: Int32, toProcessGroup: Bool = false) {
        _ = kill(toProcessGroup ? 0 - pid : pid, signal)
    }
}
