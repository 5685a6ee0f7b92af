import APNsServer
import Foundation
import NIOConcurrencyHelpers
import NSESimTestSupport

/// A local APNs started in the test process, and `curl --http2` as the provider.
final class LocalAPNs: Sendable {
    static let folder = TestRunFolder(prefix: "nsesim-apns-tests")
    /// One certificate authority and server certificate for all the tests (openssl, once).
    static let certificates: ServerCertificates = try! ServerCertificates.generated(in: folder.url.appendingPathComponent("certificates"))

    static let bundle = "com.example.app"
    static let device = String(repeating: "ab", count: 32)
    static let otherAppsDevice = String(repeating: "cd", count: 32)
    static let removedDevice = String(repeating: "ef", count: 32)

    let signer: ProviderTokenSigner
    /// The provider token every push sends unless told otherwise (one, as providers reuse theirs).
    let jwt: String
    let server: APNsServer
    let exchanges = NIOLockedValueBox<[APNsExchange]>([])

    /// Starts a server for `bundle` that knows `device`, `otherAppsDevice` (another app's) and
    /// `removedDevice` (unregistered), and checks provider tokens with `signer`'s key.
    init(signer: ProviderTokenSigner = ProviderTokenSigner()) async throws {
        self.signer = signer
        jwt = signer.token()
        let unregistered = Self.folder.scratch("unregistered").appendingPathComponent("unregistered.json")
        try DeviceRegistry.unregister(Self.removedDevice, at: Date(timeIntervalSince1970: 1_700_000_000), in: unregistered)
        let gate = APNsGate(
            configuration: APNsConfiguration(
                bundleIdentifier: Self.bundle,
                keys: [ProviderKey(keyID: signer.keyID, teamID: signer.teamID, publicKey: signer.key.publicKey)]),
            tokens: [Self.device: nil, Self.otherAppsDevice: "com.other.app", Self.removedDevice: nil],
            unregisteredFile: unregistered)
        let box = exchanges
        server = try await APNsServer.start(port: 0, certificates: Self.certificates, gate: gate) { exchange in
            box.withLockedValue { $0.append(exchange) }
        }
    }

    /// What curl got.
    struct Answer {
        var status: Int
        var httpVersion: String
        var body: String
        var headers: [String: String]
        var reason: String? {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["reason"] as? String
        }
    }

    /// POSTs `body` to `path` with `headers` (and a fresh provider token unless `authorization` says otherwise).
    func push(
        path: String = "/3/device/\(LocalAPNs.device)", headers: [String] = ["apns-topic: \(LocalAPNs.bundle)"],
        body: String? = #"{"aps":{"alert":{"title":"Hello"}}}"#, authorization: String?? = .none,
        extra: [String] = []
    ) throws -> Answer {
        let scratch = Self.folder.scratch("curl")
        let bodyFile = scratch.appendingPathComponent("body.json")
        let headerFile = scratch.appendingPathComponent("headers.txt")
        let outputFile = scratch.appendingPathComponent("out.json")
        var arguments = [
            "curl", "--silent", "--show-error", "--http2", "--cacert", Self.certificates.authority.path,
            "-o", outputFile.path, "-D", headerFile.path, "-w", "%{http_code} %{http_version}",
        ]
        let bearer: String? =
            switch authorization {
            case .none: "bearer " + jwt
            case .some(let given): given
            }
        if let bearer { arguments += ["-H", "authorization: \(bearer)"] }
        for header in headers { arguments += ["-H", header] }
        if let body {
            try Data(body.utf8).write(to: bodyFile)
            arguments += ["--data-binary", "@" + bodyFile.path]
        } else {
            arguments += ["-X", "POST"]
        }
        arguments += extra + [server.url + path]
        let result = try runTool(arguments)
        let fields = result.stdout.split(separator: " ")
        var parsedHeaders: [String: String] = [:]
        for line in ((try? String(contentsOf: headerFile, encoding: .utf8)) ?? "").split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { parsedHeaders[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return Answer(
            status: fields.first.flatMap { Int($0) } ?? -1, httpVersion: fields.count > 1 ? String(fields[1]) : "",
            body: (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "", headers: parsedHeaders)
    }
}
