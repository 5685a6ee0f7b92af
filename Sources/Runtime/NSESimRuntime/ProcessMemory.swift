#if canImport(Glibc)
import Glibc
#endif

/// A process's memory as Linux reports it in `/proc/PID/status`.
public struct ProcessMemory: Equatable, Sendable {
    /// Resident memory now (`VmRSS`), in bytes.
    public var residentBytes: Int64
    /// The peak resident memory so far (`VmHWM`), in bytes.
    public var peakBytes: Int64

    public init(residentBytes: Int64 = 0, peakBytes: Int64 = 0) {
        self.residentBytes = residentBytes
        self.peakBytes = peakBytes
    }

    /// The memory of process `pid` (`nil`: this process); nil once the process is gone.
    public static func read(pid: Int32? = nil) -> ProcessMemory? {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return parse(buffer.prefix(count))
    }

    /// Reads `VmRSS` and `VmHWM` (in kB) from the text of a status file. (A scan without
    /// allocations: it runs at every content handler call and before `ready`.)
    public static func parse(_ text: some Collection<UInt8>) -> ProcessMemory? {
        var memory = ProcessMemory()
        var found = 0
        var lineStart = text.startIndex
        while lineStart != text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            lineStart = lineEnd == text.endIndex ? lineEnd : text.index(after: lineEnd)
            let isRSS = line.starts(with: "VmRSS:".utf8)
            let isHWM = line.starts(with: "VmHWM:".utf8)
            guard isRSS || isHWM else { continue }
            let digits = line.drop { !isDigit($0) }.prefix { isDigit($0) }
            guard !digits.isEmpty else { continue }
            var kilobytes: Int64 = 0
            var overflow = false
            for digit in digits {
                let (times10, overflow1) = kilobytes.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
                overflow = overflow || overflow1 || overflow2
                kilobytes = sum
            }
            guard !overflow else { continue }
            if isRSS { memory.residentBytes = kilobytes * 1024 } else { memory.peakBytes = kilobytes * 1024 }
            found += 1
        }
        return found == 2 ? memory : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    public var jsonValue: JSONValue {
        .object(["rss": .integer(residentBytes), "hwm": .integer(peakBytes)])
    }

    public init(jsonValue: JSONValue?) {
        self.init(residentBytes: jsonValue?["rss"]?.integerValue ?? 0, peakBytes: jsonValue?["hwm"]?.integerValue ?? 0)
    }
}
