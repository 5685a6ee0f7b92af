import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing

@_spi(NSESim) @testable import UserNotifications

/// HTTPS against the fault server with a self-signed certificate for 127.0.0.1
/// (docs/behaviour.md#the-downloader: it verifies TLS).
@Suite("NSESimDownloader: TLS")
struct TLSTests {
    @Test("a self-signed certificate is refused with .tls without a CA file, accepted with it")
    func selfSigned() async throws {
        let certificate = try await SelfSignedCertificate.make()
        defer { certificate.remove() }
        let server = try await startServer(tls: (certificate.certificate, certificate.key))
        let destination = try Destination()
        defer { destination.remove() }
        let url = server.url("files/sample.jpg")
        #expect(url.scheme == "https")

        let error = try #require(await downloadError(downloader(into: destination), url))
        #expect(error.isTLS, "\(error)")
        #expect(try destination.contents().isEmpty)

        let download = try await downloader(into: destination, caFile: certificate.certificate).download(from: url)
        #expect(try Data(contentsOf: download.fileURL) == Media.data("sample.jpg"))
        #expect(download.statusCode == 200)
        #expect(download.finalURL == url)
        #expect(try destination.contents() == [download.fileURL.lastPathComponent])
    }

    @Test("another certificate as the CA file is refused with .tls")
    func wrongCA() async throws {
        let certificate = try await SelfSignedCertificate.make()
        defer { certificate.remove() }
        let other = try await SelfSignedCertificate.make()
        defer { other.remove() }
        let server = try await startServer(tls: (certificate.certificate, certificate.key))
        let destination = try Destination()
        defer { destination.remove() }
        let error = try #require(
            await downloadError(
                downloader(into: destination, caFile: other.certificate),
                server.url("files/sample.png")))
        #expect(error.isTLS, "\(error)")
        #expect(try destination.contents().isEmpty)
    }

    @Test("the host name is checked: the certificate for 127.0.0.1 does not cover localhost")
    func hostName() async throws {
        let certificate = try await SelfSignedCertificate.make()
        defer { certificate.remove() }
        let server = try await startServer(tls: (certificate.certificate, certificate.key))
        let destination = try Destination()
        defer { destination.remove() }
        let url = URL(string: "https://localhost:\(server.port)/files/sample.png")!
        let error = try #require(await downloadError(downloader(into: destination, caFile: certificate.certificate), url))
        #expect(error.isTLS, "\(error)")
        #expect(try destination.contents().isEmpty)
    }

    @Test("redirects over HTTPS are followed with the CA file")
    func redirectsOverTLS() async throws {
        let certificate = try await SelfSignedCertificate.make()
        defer { certificate.remove() }
        let server = try await startServer(tls: (certificate.certificate, certificate.key))
        let destination = try Destination()
        defer { destination.remove() }
        let download = try await downloader(into: destination, caFile: certificate.certificate)
            .download(from: server.url("redirect/3/sample.mp4"))
        #expect(download.redirectCount == 3)
        #expect(try Data(contentsOf: download.fileURL) == Media.data("sample.mp4"))
    }

    @Test("the caFile option defaults to NSESIM_CA_FILE from the environment")
    func caFileFromEnvironment() {
        // Read only: changing the environment would race with tests running in parallel.
        let configuration = NSESimDownloader.Configuration()
        #expect(configuration.caFile == ProcessInfo.processInfo.environment[NSESimEnvironment.caFile.name])
        #expect(NSESimDownloader.Configuration(caFile: "/x.pem").caFile == "/x.pem")
    }
}
