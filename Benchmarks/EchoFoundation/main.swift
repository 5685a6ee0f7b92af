// The same baseline with Foundation loaded, as every extension has it.
//
//   nsesim-bench-echo-foundation            answers one line (the bare-spawn baseline)
//   nsesim-bench-echo-foundation --memory   prints its peak resident memory (VmHWM) in
//                                           bytes: the memory baseline of a Foundation process
import Foundation

if CommandLine.arguments.dropFirst().first == "--memory" {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    let kilobytes = Int(line.split(whereSeparator: { !$0.isNumber }).last ?? "") ?? 0
    print(kilobytes * 1024)
} else if let line = readLine() {
    print(line, ProcessInfo.processInfo.processIdentifier)
}
