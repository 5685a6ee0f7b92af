import Testing

@testable import FixtureServer

@Suite("Request targets, faults and media types")
struct RequestParsingTests {
    @Test("targets split into path and query; absolute form drops the authority")
    func targets() throws {
        let target = try #require(RequestTarget("/a/b.jpg?status=500&x=1"))
        #expect(target.path == "/a/b.jpg" && target.queryItems == ["status=500", "x=1"])
        #expect(RequestTarget("http://127.0.0.1:8080/c.png?drip=5")?.string == "/c.png?drip=5")
        #expect(RequestTarget("http://example.com")?.string == "/")
        #expect(RequestTarget("*") == nil)
        #expect(RequestTarget("/x?redirect-to=file%3A%2F%2F%2Ftmp%2Fa.jpg")?.value("redirect-to") == "file:///tmp/a.jpg")
    }

    @Test("a redirect chain's next target keeps the other parameters")
    func settingParameters() throws {
        let target = try #require(RequestTarget("/f.txt?drip=100&redirects=3&status=418"))
        #expect(target.setting("redirects", to: "2").string == "/f.txt?drip=100&redirects=2&status=418")
        #expect(target.setting("redirects", to: nil).string == "/f.txt?drip=100&status=418")
        #expect(RequestTarget("/f.txt?redirects=1")?.setting("redirects", to: nil).string == "/f.txt")
    }

    @Test("fault parameters are read, and bad ones refused")
    func faults() throws {
        let target = try #require(
            RequestTarget("/f?status=503&reset-after=10&length-delta=-5&drip=300&redirects=2&redirect-to=http%3A%2F%2Fx%2F"))
        let faults = try Faults.parse(target).get()
        #expect(
            faults
                == Faults(
                    status: 503, resetAfter: 10, lengthDelta: -5, dripBytesPerSecond: 300, redirects: 2,
                    redirectTo: "http://x/"))
        for bad in ["/f?status=99", "/f?status=abc", "/f?reset-after=-1", "/f?drip=0", "/f?redirects=x", "/f?redirect-to="] {
            let parsed = Faults.parse(RequestTarget(bad)!)
            #expect(throws: FaultError.self, "\(bad)") { try parsed.get() }
        }
    }

    @Test(
        "paths resolve inside the root or are refused",
        arguments: [
            ("/a/b.txt", FileResolver.PathSegments.inside(["a", "b.txt"])),
            ("//a//./b.txt", .inside(["a", "b.txt"])),
            ("/a/../b.txt", .inside(["b.txt"])),
            ("/%61%2Fb", .refused(.forbidden)),
            ("/../etc/passwd", .refused(.forbidden)),
            ("/%2e%2e/etc/passwd", .refused(.forbidden)),
            ("/%2E%2E%2fetc%2fpasswd", .refused(.forbidden)),
            ("/a/../../b", .refused(.forbidden)),
            ("/a%00.txt", .refused(.forbidden)),
            ("/..%5c..%5cb", .refused(.forbidden)),
            ("/%zz", .refused(.notFound)),
            ("/space%20name.txt", .inside(["space name.txt"])),
        ] as [(String, FileResolver.PathSegments)])
    func pathSegments(path: String, expected: FileResolver.PathSegments) {
        #expect(FileResolver.segments(ofPath: path) == expected)
    }

    @Test(
        "attachment types get their MIME types",
        arguments: [
            ("a.jpg", "image/jpeg"), ("a.JPEG", "image/jpeg"), ("a.png", "image/png"), ("a.gif", "image/gif"),
            ("a.aif", "audio/aiff"), ("a.aiff", "audio/aiff"), ("a.wav", "audio/wav"), ("a.mp3", "audio/mpeg"),
            ("a.m4a", "audio/mp4"), ("a.mpg", "video/mpeg"), ("a.mpeg", "video/mpeg"), ("a.m2v", "video/mpeg"),
            ("a.mp2", "video/mpeg"), ("a.mp4", "video/mp4"), ("a.m4v", "video/x-m4v"), ("a.avi", "video/x-msvideo"),
            ("a.json", "application/json"), ("a.html", "text/html; charset=utf-8"), ("a.txt", "text/plain; charset=utf-8"),
            ("a.bin", "application/octet-stream"), ("noextension", "application/octet-stream"), (".hidden", "application/octet-stream"),
        ])
    func mediaTypes(name: String, type: String) {
        #expect(MediaTypes.type(forPath: "/dir/\(name)") == type)
    }
}
