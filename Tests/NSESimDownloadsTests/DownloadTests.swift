import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing

@_spi(NSESim) @testable import UserNotifications

/// Whole files from the fault server: bytes, names, metadata (docs/behaviour.md#the-downloader).
@Suite("NSESimDownloader: successful downloads")
struct DownloadTests {
    static let samples: [(name: String, mimeType: String)] = [
        ("sample.jpg", "image/jpeg"),
        ("sample.png", "image/png"),
        ("sample.mp3", "audio/mpeg"),
        ("sample.mp4", "video/mp4"),
    ]

    @Test("a file downloads whole into the destination, with its extension and metadata", arguments: samples)
    func wholeFile(name: String, mimeType: String) async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let url = server.url("files/\(name)")

        let download = try await downloader(into: destination).download(from: url)

        #expect(try Data(contentsOf: download.fileURL) == Media.data(name))
        #expect(download.fileURL.pathExtension == (name as NSString).pathExtension)
        #expect(download.fileURL.deletingLastPathComponent().standardizedFileURL.path == destination.url.standardizedFileURL.path)
        #expect(download.fileURL.lastPathComponent != name, "the default naming is a new unique name")
        #expect(download.statusCode == 200)
        #expect(download.mimeType == mimeType)
        #expect(download.sourceURL == url)
        #expect(download.finalURL == url)
        #expect(download.byteCount == Int64(try Media.data(name).count))
        #expect(download.redirectCount == 0)
        #expect(try destination.contents() == [download.fileURL.lastPathComponent], "one file, no partial file beside it")
    }

    @Test("the same URL twice gives two files with distinct unique names")
    func uniqueNames() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let downloader = downloader(into: destination)
        let first = try await downloader.download(from: server.url("files/sample.jpg"))
        let second = try await downloader.download(from: server.url("files/sample.jpg"))
        #expect(first.fileURL != second.fileURL)
        #expect(first.fileURL.pathExtension == "jpg")
        #expect(second.fileURL.pathExtension == "jpg")
        #expect(try destination.contents().count == 2)
    }

    @Test("/noext/sample.png is saved as .png with the PNG MIME type")
    func noextPNG() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let download = try await downloader(into: destination).download(from: server.url("noext/sample.png"))
        #expect(download.fileURL.pathExtension == "png")
        #expect(download.mimeType == "image/png")
        #expect(try Data(contentsOf: download.fileURL) == Media.data("sample.png"))
    }

    /// /noext/NAME still ends in NAME's extension, so the previous test alone does not
    /// reach the Content-Type fallback. A path parameter (`;v=1`, which the server's
    /// urlparse strips) gives a last path component whose "extension" (`png;v=1`) is no
    /// attachment type: the extension must then come from Content-Type.
    @Test("a URL without a usable extension gets the extension from Content-Type")
    func extensionFromContentType() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let downloader = downloader(into: destination)
        for (path, expected) in [("noext/sample.png;v=1", "png"), ("noext/sample.mp3;v=1", "mp3"), ("noext/sample.jpg;x", "jpg")] {
            // The URL's own extension is not a usable one: the fallback is what is tested.
            #expect(server.url(path).pathExtension.contains(";"), "\(server.url(path).lastPathComponent)")
            let download = try await downloader.download(from: server.url(path))
            #expect(download.fileURL.pathExtension == expected, "\(path) -> \(download.fileURL.lastPathComponent)")
            #expect(!download.fileURL.lastPathComponent.contains(";"))
        }
        #expect(try destination.contents().count == 3)
    }

    @Test("a body of an unknown type and no extension is saved without an extension")
    func unknownTypeNoExtension() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        // /stats is application/json under a URL without an extension.
        let download = try await downloader(into: destination).download(from: server.url("stats"))
        #expect(download.mimeType == "application/json")
        #expect(download.fileURL.pathExtension == "")
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: download.fileURL)) is [String: Any])
    }

    @Test(".serverFileName keeps the server's name and makes it unique when taken")
    func serverFileName() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let downloader = downloader(into: destination, naming: .serverFileName)
        let url = server.url("files/sample.jpg")
        let first = try await downloader.download(from: url)
        let second = try await downloader.download(from: url)
        let third = try await downloader.download(from: url)
        #expect(first.fileURL.lastPathComponent == "sample.jpg")
        #expect(second.fileURL.lastPathComponent == "sample-2.jpg")
        #expect(third.fileURL.lastPathComponent == "sample-3.jpg")
        for download in [first, second, third] {
            #expect(try Data(contentsOf: download.fileURL) == Media.data("sample.jpg"))
        }
        #expect(try destination.contents() == ["sample-2.jpg", "sample-3.jpg", "sample.jpg"])
    }

    @Test(".serverFileName uses the final URL's name after redirects")
    func serverFileNameAfterRedirect() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let download = try await downloader(into: destination, naming: .serverFileName)
            .download(from: server.url("redirect/2/sample.mp3"))
        #expect(download.fileURL.lastPathComponent == "sample.mp3")
        #expect(download.redirectCount == 2)
    }

    @Test("several downloads of one name in one call get distinct names with .serverFileName")
    func serverFileNameInOneCall() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let url = server.url("files/sample.png")
        let results = await downloader(into: destination, naming: .serverFileName).download(from: [url, url, url])
        let names = try results.map { try $0.get().fileURL.lastPathComponent }
        #expect(Set(names) == ["sample.png", "sample-2.png", "sample-3.png"])
        #expect(try destination.contents().count == 3)
    }

    /// Separate calls run on separate threads and may finish at the same moment: taking a
    /// name must be atomic (a check then a rename would let one file replace another).
    @Test(".serverFileName: concurrent calls for one name never overwrite each other")
    func serverFileNameConcurrentCalls() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let downloader = downloader(into: destination, naming: .serverFileName)
        let url = server.url("files/sample.jpg")
        var names: [String] = []
        for _ in 0..<4 {
            let round = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<12 {
                    group.addTask { try await downloader.download(from: url).fileURL.lastPathComponent }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            names += round
        }
        #expect(Set(names).count == names.count, "two downloads were given one name")
        #expect(try destination.contents().count == names.count)
    }

    /// URL.lastPathComponent is percent-decoded: `..%2Fescape.json` is `../escape.json`.
    @Test(
        ".serverFileName keeps the file inside the destination whatever the URL's last component decodes to",
        arguments: ["..%2Fnsesim-escape-NAME.json", "%2E%2E%2Fnsesim-escape-NAME.json", "%2E%2E", "%2E"])
    func serverFileNameStaysInside(component: String) async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let unique = UUID().uuidString
        let component = component.replacingOccurrences(of: "NAME", with: unique)
        let outside = destination.url.deletingLastPathComponent().appendingPathComponent("nsesim-escape-\(unique).json")
        defer { try? FileManager.default.removeItem(at: outside) }
        // /stats/ANYTHING answers the stats JSON with 200.
        let download = try await downloader(into: destination, naming: .serverFileName)
            .download(from: server.url("stats/\(component)"))
        #expect(
            download.fileURL.deletingLastPathComponent().standardizedFileURL.path == destination.url.standardizedFileURL.path,
            "written to \(download.fileURL.path)")
        #expect(!FileManager.default.fileExists(atPath: outside.path))
        #expect(try destination.contents().count == 1)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: download.fileURL.path, isDirectory: &isDirectory) && !isDirectory.boolValue)
    }

    @Test("without a destination directory the file goes to NSTemporaryDirectory()")
    func defaultDestination() async throws {
        let server = try await startServer()
        var configuration = NSESimDownloader.Configuration()
        configuration.caFile = nil
        #expect(configuration.destinationDirectory == nil)
        let download = try await NSESimDownloader(configuration: configuration).download(from: server.url("files/sample.gif"))
        defer { try? FileManager.default.removeItem(at: download.fileURL) }
        #expect(
            download.fileURL.deletingLastPathComponent().standardizedFileURL.path
                == URL(fileURLWithPath: NSTemporaryDirectory()).standardizedFileURL.path)
        #expect(download.fileURL.pathExtension == "gif")
        #expect(try Data(contentsOf: download.fileURL) == Media.data("sample.gif"))
    }

    @Test("the default configuration: 50 MB, 5 redirects, unique names")
    func defaults() {
        let configuration = NSESimDownloader.Configuration()
        #expect(NSESimDownloader.defaultMaximumBytes == 50_000_000)
        #expect(configuration.maximumBytes == 50_000_000)
        #expect(configuration.maximumRedirects == 5)
        #expect(configuration.naming == .uniqueWithServerExtension)
    }

    @Test("a destination directory that does not exist fails with .file and creates nothing")
    func missingDestination() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let missing = destination.url.appendingPathComponent("absent", isDirectory: true)
        var configuration = NSESimDownloader.Configuration(destinationDirectory: missing)
        configuration.caFile = nil
        let result = await NSESimDownloader(configuration: configuration).download(from: [server.url("files/sample.jpg")])[0]
        let error = try #require(failure(result))
        guard case .file = error else {
            Issue.record("expected .file, got \(error)")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test("a downloaded file becomes an attachment")
    func downloadBecomesAttachment() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let download = try await downloader(into: destination).download(from: server.url("noext/sample.png;v=1"))
        let attachment = try UNNotificationAttachment(identifier: "image", url: download.fileURL, options: nil)
        #expect(attachment.type == "public.png")
    }

    @Test("the downloader does not judge content: an HTML page saved as .jpg downloads, the attachment check refuses it")
    func nearMissDownloadsButIsRefused() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let download = try await downloader(into: destination).download(from: server.url("files/near-miss-html.jpg"))
        #expect(download.fileURL.pathExtension == "jpg")
        #expect(try Data(contentsOf: download.fileURL) == Media.data("near-miss-html.jpg"))
        do {
            _ = try UNNotificationAttachment(identifier: "image", url: download.fileURL, options: nil)
            Issue.record("an HTML page saved as .jpg was accepted as an attachment")
        } catch let error as UNError {
            #expect(error.code == .attachmentCorrupt)
        }
    }
}
