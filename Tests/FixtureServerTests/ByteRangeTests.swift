import Testing

@testable import FixtureServer

@Suite("Byte ranges")
struct ByteRangeTests {
    @Test(
        "Range headers against a 1000-byte file",
        arguments: [
            ("bytes=0-99", ByteRange.satisfiable(0...99)),
            ("bytes=100-", .satisfiable(100...999)),
            ("bytes=-10", .satisfiable(990...999)),
            ("bytes=-5000", .satisfiable(0...999)),
            ("bytes=990-5000", .satisfiable(990...999)),
            ("bytes=999-999", .satisfiable(999...999)),
            ("bytes=1000-", .unsatisfiable),
            ("bytes=2000-3000", .unsatisfiable),
            ("bytes=-0", .unsatisfiable),
            ("bytes=99999999999999999999999-", .unsatisfiable),
            (" Bytes=5-9 ", .satisfiable(5...9)),
        ] as [(String, ByteRange)])
    func parse(header: String, expected: ByteRange) {
        #expect(ByteRange.parse(header, size: 1000) == expected)
    }

    @Test(
        "headers that are ignored (the whole file is served)",
        arguments: [
            "bytes=0-1,5-6", "items=0-1", "bytes=5-1", "bytes=-", "bytes=a-b", "bytes=1", "",
        ])
    func ignored(header: String) {
        #expect(ByteRange.parse(header, size: 1000) == nil)
    }

    @Test("an empty file satisfies no range")
    func emptyFile() {
        #expect(ByteRange.parse("bytes=0-", size: 0) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-1", size: 0) == .unsatisfiable)
    }
}
