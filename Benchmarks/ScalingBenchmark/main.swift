// nsesim-bench-scaling: how nsesim's costs grow with the work (see docs/PERFORMANCE.md).
// Not a test: it prints figures.
//
//   nsesim-bench-scaling [all|attachments|payloads] [RUNS]     (default: all, 10 runs)
//
// attachments: 1, 2, 4, 8 media files downloaded by the Downloader example, RUNS runs each;
// payloads: 10, 100, 1000 notifications through the Template example, a process each and
// one reused process.
//
// Besides its lines for people it prints `figure KEY VALUE` lines for
// Benchmarks/performance.py, which writes docs/PERFORMANCE.md from them.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let which = arguments.first { Int($0) == nil } ?? "all"
let runs = max(1, arguments.compactMap { Int($0) }.first ?? 10)
guard ["all", "attachments", "payloads"].contains(which) else {
    FileHandle.standardError.write(Data("usage: nsesim-bench-scaling [all|attachments|payloads] [RUNS]\n".utf8))
    exit(64)
}

let setup = try ScalingSetup()
defer { setup.remove() }
print(
    "nsesim scaling benchmark: \(ProcessInfo.processInfo.activeProcessorCount) cores, products in \(setup.toolchain.productsDirectory.path)"
)
print("")
if which != "payloads" {
    try await AttachmentScaling.run(setup, runs: runs)
    print("")
}
if which != "attachments" {
    try await PayloadScaling.run(setup)
}
