import Foundation

/// `nsesim-fuzz-payload`: payload parsing, the gate, lint and the lint reports (and the
/// same bytes as a `.strings` file) under libFuzzer (`make fuzz`).
///
/// Built with `-sanitize=fuzzer -D NSESIM_LIBFUZZER` it hands the command line to libFuzzer's
/// driver. A plain `swift build` builds it too, without libFuzzer: it then runs the files
/// (or every file in the folders) named on its command line through the same checks, so a
/// crash reproducer can be replayed in a debugger without the fuzzer build.
@main
enum PayloadFuzzer {
    static func main() {
        #if NSESIM_LIBFUZZER
        exit(LibFuzzer.run())
        #else
        exit(replay(Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    /// Runs every input file through ``PayloadCheck`` and names the files whose checks
    /// fail. (A crash inside the parser stops the process: replay that file alone.)
    static func replay(_ arguments: [String]) -> Int32 {
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(
                Data(
                    """
                    usage: nsesim-fuzz-payload FILE|DIR...
                    runs each file (or each file in each folder) through the fuzz checks;
                    `make fuzz` builds this program with libFuzzer and fuzzes with it

                    """.utf8))
            return 64
        }
        var count = 0
        var failures = 0
        for argument in arguments {
            for file in inputFiles(at: argument) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("\(file): cannot be read\n".utf8))
                    return 66
                }
                count += 1
                do {
                    try PayloadCheck.run(data)
                    try StringsCheck.run(data)
                } catch {
                    failures += 1
                    FileHandle.standardError.write(Data("\(file): \(error)\n".utf8))
                }
            }
        }
        print("\(count) inputs checked, \(failures) failed")
        return failures == 0 ? 0 : 1
    }

    /// The path itself, or the regular files inside a folder (not recursive), sorted.
    static func inputFiles(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { "\(path)/\($0)" }.filter { file in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}
