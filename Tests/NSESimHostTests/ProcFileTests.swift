import Foundation
import Testing

@testable import NSESimHost

/// The allocation-free scans of /proc files run at each notification's end: an environ
/// file's entries, a /proc/stat field.
@Suite("/proc file scans")
struct ProcFileTests {
    let environ = Array("HOME=/c\u{0}NSESIM_CONTAINER=/tmp/nsesim-container-1\u{0}PATH=/bin\u{0}".utf8)

    @Test("An environ entry matches whole, wherever it stands; a prefix, a longer value or an empty file does not")
    func environEntry() {
        #expect(ProcFile.hasField(Array("NSESIM_CONTAINER=/tmp/nsesim-container-1".utf8), in: environ, separator: 0))
        #expect(ProcFile.hasField(Array("HOME=/c".utf8), in: environ, separator: 0))
        #expect(ProcFile.hasField(Array("PATH=/bin".utf8), in: environ, separator: 0))
        #expect(!ProcFile.hasField(Array("NSESIM_CONTAINER=/tmp/nsesim-container-".utf8), in: environ, separator: 0))
        #expect(!ProcFile.hasField(Array("NSESIM_CONTAINER=/tmp/nsesim-container-12".utf8), in: environ, separator: 0))
        #expect(!ProcFile.hasField(Array("HOME=/c".utf8), in: [], separator: 0))
        // The last entry without its NUL (a file cut at the read limit).
        #expect(ProcFile.hasField(Array("PATH=/bin".utf8), in: Array(environ.dropLast()), separator: 0))
    }

    @Test("A /proc/stat field: the rest of the first line that starts with it")
    func statField() {
        let stat = Array("cpu  1 2 3\nintr 5 6 7\nprocesses 123456\nprocs_running 2\n".utf8)
        #expect(ProcFile.line(after: Array("processes ".utf8), in: stat).map { String(decoding: $0, as: UTF8.self) } == "123456")
        #expect(ProcFile.line(after: Array("procs_blocked ".utf8), in: stat) == nil)
        #expect(ProcFile.line(after: Array("processes ".utf8), in: Array("processes 7".utf8)).map { Array($0) } == Array("7".utf8))
    }
}
