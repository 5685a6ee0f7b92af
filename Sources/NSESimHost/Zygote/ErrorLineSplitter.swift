/// Splits a forked process's standard error into lines as swift-subprocess's `strings()`
/// does for a spawned one: at LF, VT, FF, CR and CRLF, the ends dropped, invalid UTF-8 repaired.
struct ErrorLineSplitter {
    /// A line longer than the limit.
    struct LineTooLong: Error, CustomStringConvertible {
        let limit: Int
        var description: String { "a line of the extension's output is longer than \(limit) bytes" }
    }

    let maximumLineLength: Int
    private var line: [UInt8] = []
    private var afterCarriageReturn = false

    init(maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
    }

    /// The lines `bytes` completes.
    mutating func append(_ bytes: [UInt8]) throws(LineTooLong) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A...0x0D:
                lines.append(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
                afterCarriageReturn = byte == 0x0D
            default:
                if line.count >= maximumLineLength { throw LineTooLong(limit: maximumLineLength) }
                line.append(byte)
            }
        }
        return lines
    }

    /// The last line, when the output ended without a line end.
    mutating func finish() -> String? {
        defer { line.removeAll() }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }
}
