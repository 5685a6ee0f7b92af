import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Newline-delimited messages over a pair of file descriptors, safe to write from any
/// thread (the content handler may be called from any thread).
final class LineChannel: @unchecked Sendable {
    private let input: Int32
    private let output: Int32
    private let writeLock = NSLock()
    private var pending: [UInt8] = []

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Writes one message as one line.
    func send(_ value: JSONValue) {
        var bytes = value.protocolText() ?? [UInt8](value.serialized())
        bytes.append(UInt8(ascii: "\n"))
        writeLock.lock()
        defer { writeLock.unlock() }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(output, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // nsesim is gone; nothing to tell
            offset += written
        }
    }

    /// The error that ended reading, when input did not simply end (EBADF: the extension
    /// closed nsesim's descriptor itself). Set by `receive`, read on its thread.
    private(set) var readError: Int32?

    /// The next line, without its newline; nil at end of input or when reading fails
    /// (``readError`` tells which). Called from one thread only.
    func receive() -> [UInt8]? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                readError = errno
                return nil
            }
            guard count > 0 else { return nil }
            pending.append(contentsOf: chunk.prefix(count))
        }
    }
}
