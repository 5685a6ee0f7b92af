import Foundation

/// The stacks `eu-stack -p PID -r -m -b` prints (elfutils): per thread a `TID N:` line, then per
/// frame `#N  0xPC SYMBOL - MODULE` and, indented, `[BUILD-ID]@0xLOAD+0xOFFSET` (the offset of
/// the address in the module, a return address already moved back into its call).
package struct EuStackOutput: Sendable, Equatable {
    /// One frame as printed: raw symbol, module path and the offset to symbolicate.
    package struct Frame: Sendable, Equatable {
        package var address: String
        package var symbol: String?
        package var modulePath: String?
        package var offset: UInt64?
    }

    /// One thread's frames, innermost first.
    package struct Thread: Sendable, Equatable {
        package var id: Int
        package var frames: [Frame]
    }

    package var threads: [Thread] = []

    package init(_ text: String) {
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("TID "), line.hasSuffix(":"), let id = Int(line.dropFirst(4).dropLast()) {
                threads.append(Thread(id: id, frames: []))
            } else if line.hasPrefix("#"), !threads.isEmpty {
                let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
                guard fields.count >= 2, fields[1].hasPrefix("0x") else { continue }
                var frame = Frame(address: String(fields[1]))
                if fields.count == 3 {
                    let rest = String(fields[2])
                    if let dash = rest.range(of: " - ", options: .backwards) {
                        let symbol = rest[..<dash.lowerBound].trimmingCharacters(in: .whitespaces)
                        frame.symbol = symbol.isEmpty || symbol == "??" ? nil : symbol
                        frame.modulePath = String(rest[dash.upperBound...])
                    } else if rest.hasPrefix("- ") {
                        frame.modulePath = String(rest.dropFirst(2))
                    } else if rest != "??" {
                        frame.symbol = rest
                    }
                }
                threads[threads.count - 1].frames.append(frame)
            } else if line.hasPrefix("["), let plus = line.lastIndex(of: "+"), !threads.isEmpty,
                var frame = threads[threads.count - 1].frames.last
            {
                let hex = line[line.index(after: plus)...].dropFirst(2)
                frame.offset = UInt64(hex, radix: 16)
                threads[threads.count - 1].frames[threads[threads.count - 1].frames.count - 1] = frame
            }
        }
    }
}
