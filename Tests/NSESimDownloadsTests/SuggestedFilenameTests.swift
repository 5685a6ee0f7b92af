import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NSESimDownloads
import Testing

/// `URLResponse.suggestedFilename` by iOS's rule, where Linux's Foundation says "Unknown"
/// for every HTTP response without a Content-Disposition header (issue 29).
@Suite("URLResponse.suggestedFilename as on iOS")
struct SuggestedFilenameTests {
    private func http(_ url: String, _ headers: [String: String] = [:]) -> URLResponse {
        HTTPURLResponse(url: URL(string: url)!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    @Test("The URL's last path component; the MIME type's extension added to a name without one; the host; Unknown")
    func fromTheURL() {
        #expect(http("https://cdn.example.com/img/sunset.jpg", ["Content-Type": "image/jpeg"])._nsesimSuggestedFilename == "sunset.jpg")
        #expect(http("https://cdn.example.com/media/12345", ["Content-Type": "image/png"])._nsesimSuggestedFilename == "12345.png")
        #expect(http("https://cdn.example.com/media/photo?w=300", ["Content-Type": "image/jpeg; charset=binary"])
            ._nsesimSuggestedFilename == "photo.jpg")
        #expect(http("https://cdn.example.com/", ["Content-Type": "application/x-unknown"])._nsesimSuggestedFilename == "cdn.example.com")
        #expect(URLResponse(url: URL(fileURLWithPath: "/"), mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
            ._nsesimSuggestedFilename == "Unknown")
    }

    @Test("Content-Disposition first: filename, filename* (RFC 6266, percent-encoded), never a folder")
    func fromContentDisposition() {
        #expect(http("https://x.example/download?id=1", ["Content-Disposition": "attachment; filename=\"Holiday photo.gif\""])
            ._nsesimSuggestedFilename == "Holiday photo.gif")
        #expect(http("https://x.example/d", ["content-disposition": "inline; filename=a.png; filename*=UTF-8''r%C3%A9sum%C3%A9.png"])
            ._nsesimSuggestedFilename == "résumé.png")
        #expect(http("https://x.example/d.png", ["Content-Disposition": "attachment; filename=\"../../etc/passwd\""])
            ._nsesimSuggestedFilename == "passwd")
        #expect(http("https://x.example/d.png", ["Content-Disposition": "attachment"])._nsesimSuggestedFilename == "d.png")
    }
}
