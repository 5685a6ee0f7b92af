#if canImport(Glibc)
import Glibc
#endif

/// Cuts the extension's event stream into protocol messages: one per line, ended by "\n"
/// (0x0A) and by nothing else. JSON text may hold U+2028, U+2029 and U+0085 unescaped
/// (a notification body may), so a splitter that also breaks at Unicode line breaks cuts
/// a valid message in two. A line longer than `maximumLineLength` is refused, so that an
/// extension writing without end cannot make nsesim hold it all.
struct ProtocolLineSplitter {
    /// The longest line accepted, in bytes.
    let maximumLineLength: Int
    private var pending: [UInt8] = []

    init(maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
    }

    /// A line went past the limit.
    struct LineTooLong: Error, CustomStringConvertible {
        let limit: Int
        var description: String { "the extension wrote more than \(limit) bytes without a line end" }
    }

    /// The lines completed by `bytes`, without their "\n"; empty lines are skipped.
    mutating func append(_ bytes: UnsafeRawBufferPointer) throws(LineTooLong) -> [[UInt8]] {
        guard let base = bytes.baseAddress else { return [] }
        var lines: [[UInt8]] = []
        var start = 0
        while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
            let newline = base.distance(to: UnsafeRawPointer(found))
            let line = pending + UnsafeRawBufferPointer(rebasing: bytes[start..<newline])
            pending.removeAll(keepingCapacity: true)
            if line.count > maximumLineLength { throw LineTooLong(limit: maximumLineLength) }
            if !line.isEmpty { lines.append(line) }
            start = newline + 1
        }
        pending += UnsafeRawBufferPointer(rebasing: bytes[start...])
        if pending.count > maximumLineLength { throw LineTooLong(limit: maximumLineLength) }
        return lines
    }
}
