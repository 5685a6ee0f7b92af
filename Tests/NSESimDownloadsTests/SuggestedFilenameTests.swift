import Foundation
import NSESimDownloads
import Testing

/// `URLResponse.suggestedFilename` by iOS's rule, where Linux's Foundation says "Unknown"
/// for every HTTP response without a Content-Disposition header. nsesim's build
/// copy of an extension calls `NSESimSuggestedFilename` for it.
@Suite("URLResponse.suggestedFilename as on iOS")
struct SuggestedFilenameTests {
    private func name(_ url: String, disposition: String? = nil, mimeType: String? = nil) -> String {
        NSESimSuggestedFilename.name(contentDisposition: disposition, url: URL(string: url), mimeType: mimeType)
    }

    @Test("The URL's last path component; the MIME type's extension added to a name without one; the host; Unknown")
    func fromTheURL() {
        #expect(name("https://cdn.example.com/img/sunset.jpg", mimeType: "image/jpeg") == "sunset.jpg")
        #expect(name("https://cdn.example.com/media/12345", mimeType: "image/png") == "12345.png")
        #expect(name("https://cdn.example.com/media/photo?w=300", mimeType: "image/jpeg; charset=binary") == "photo.jpg")
        #expect(name("https://cdn.example.com/", mimeType: "application/x-unknown") == "cdn.example.com")
        #expect(name("https://cdn.example.com/media/raw", mimeType: "") == "raw")
        #expect(NSESimSuggestedFilename.name(contentDisposition: nil, url: URL(fileURLWithPath: "/"), mimeType: nil) == "Unknown")
        #expect(NSESimSuggestedFilename.name(contentDisposition: nil, url: nil, mimeType: "image/gif") == "Unknown.gif")
    }

    @Test("Content-Disposition first: filename, filename* (RFC 6266, percent-encoded), never a folder")
    func fromContentDisposition() {
        #expect(name("https://x.example/download?id=1", disposition: "attachment; filename=\"Holiday photo.gif\"") == "Holiday photo.gif")
        #expect(name("https://x.example/d", disposition: "inline; filename=a.png; filename*=UTF-8''r%C3%A9sum%C3%A9.png") == "résumé.png")
        #expect(name("https://x.example/d.png", disposition: "attachment; filename=\"../../etc/passwd\"") == "passwd")
        #expect(name("https://x.example/d.png", disposition: "attachment") == "d.png")
    }
}
