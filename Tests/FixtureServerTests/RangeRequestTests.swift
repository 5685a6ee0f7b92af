import FixtureServer
import Foundation
import Testing

@Suite("Range requests")
struct RangeRequestTests {
    @Test(
        "each range form gives 206 with Content-Range and the right bytes",
        arguments: [
            ("bytes=0-99", 0, 99),
            ("bytes=1000-1999", 1000, 1999),
            ("bytes=9000-", 9000, 9999),
            ("bytes=-250", 9750, 9999),
            ("bytes=9990-20000", 9990, 9999),
            ("bytes=-20000", 0, 9999),
        ])
    func ranges(header: String, first: Int, last: Int) async throws {
        let folder = try TestFolder()
        try folder.write("v.mp4", size: 10_000)
        let whole = TestFolder.pattern(10_000)
        try await withServer(folder) { _, port in
            let response = try await RawHTTP.fetch(port: port, "/v.mp4", headers: ["Range": header])
            #expect(response.status == 206)
            #expect(response[header: "Content-Range"] == "bytes \(first)-\(last)/10000")
            #expect(response[header: "Content-Length"] == String(last - first + 1))
            #expect(response[header: "Content-Type"] == "video/mp4")
            #expect(Data(response.body) == whole[first...last])
            // HEAD with a range: the same head, no body.
            let head = try await RawHTTP.fetch(port: port, "/v.mp4", method: "HEAD", headers: ["Range": header])
            #expect(head.status == 206 && head.body.isEmpty && head[header: "Content-Length"] == String(last - first + 1))
        }
    }

    @Test("an unsatisfiable range is 416 with the size; an ignored one gives the whole file")
    func unsatisfiableAndIgnored() async throws {
        let folder = try TestFolder()
        try folder.write("a.bin", size: 500)
        try folder.write("empty.bin", Data())
        try await withServer(folder) { _, port in
            for header in ["bytes=500-", "bytes=900-1000", "bytes=-0"] {
                let response = try await RawHTTP.fetch(port: port, "/a.bin", headers: ["Range": header])
                #expect(response.status == 416, "\(header)")
                #expect(response[header: "Content-Range"] == "bytes */500", "\(header)")
            }
            let empty = try await RawHTTP.fetch(port: port, "/empty.bin", headers: ["Range": "bytes=0-"])
            #expect(empty.status == 416 && empty[header: "Content-Range"] == "bytes */0")
            for header in ["bytes=0-1,5-9", "lines=1-2", "bytes=9-1"] {
                let response = try await RawHTTP.fetch(port: port, "/a.bin", headers: ["Range": header])
                #expect(response.status == 200 && response.body.count == 500, "\(header)")
            }
            let plain = try await RawHTTP.fetch(port: port, "/empty.bin")
            #expect(plain.status == 200 && plain[header: "Content-Length"] == "0" && plain.ending == .complete)
        }
    }
}
