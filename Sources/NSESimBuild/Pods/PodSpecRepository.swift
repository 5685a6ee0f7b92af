import Crypto
import Foundation
import NSESimProject

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the specs of pods from CocoaPods' trunk are found (`--pod-specs`): folders or
/// http(s) URLs laid out as CocoaPods' CDN, `Specs/X/Y/Z/NAME/VERSION/NAME.podspec.json`
/// (a folder may also hold Ruby `NAME.podspec` files, or be laid out as a private spec
/// repository, `NAME/VERSION/NAME.podspec`),
/// X/Y/Z the first three hex digits of md5(NAME) (the trunk's shard, as cocoapods-core's
/// `Source::Metadata` computes it with prefix lengths 1, 1, 1). Without the option: CocoaPods'
/// own copy of the trunk (`~/.cocoapods/repos/trunk`, what `pod install` left), then the CDN.
package struct PodSpecRepository: Sendable, Equatable {
    /// One place specs are looked for.
    package enum Location: Sendable, Equatable, CustomStringConvertible {
        case folder(URL)
        case url(URL)

        package var description: String {
            switch self {
            case .folder(let folder): folder.path
            case .url(let url): url.absoluteString
            }
        }
    }

    /// The places, in order.
    package let locations: [Location]

    /// CocoaPods' CDN.
    package static let cdn = URL(string: "https://cdn.cocoapods.org/")!

    /// `--pod-specs` (a folder or an http(s) URL); nil: CocoaPods' local trunk, then the CDN.
    package init(option: String?) {
        guard let option else {
            let home = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cocoapods/repos/trunk")
            locations =
                (FileManager.default.fileExists(atPath: home.appendingPathComponent("Specs").path) ? [.folder(home)] : []) + [
                    .url(Self.cdn)
                ]
            return
        }
        if option.hasPrefix("http://") || option.hasPrefix("https://"), let url = URL(string: option.hasSuffix("/") ? option : option + "/")
        {
            locations = [.url(url)]
        } else {
            locations = [.folder(URL(fileURLWithPath: option).standardizedFileURL)]
        }
    }

    /// The shard of pod `name`: `8/d/3`.
    package static func shard(of name: String) -> String {
        let digest = Insecure.MD5.hash(data: Data(name.utf8)).map { String(format: "%02x", $0) }.joined()
        return digest.prefix(3).map(String.init).joined(separator: "/")
    }

    /// Where the spec of `name` at `version` is below a location.
    package static func path(of name: String, version: String) -> String {
        "Specs/\(shard(of: name))/\(name)/\(version)/\(name).podspec.json"
    }

    /// What a look-up found.
    package enum Lookup: Sendable {
        /// The spec, and where it came from.
        case found(Podspec, from: String)
        /// No spec: each place looked at, with why not.
        case notFound(looked: [String])
        /// A spec that cannot be read.
        case unreadable(PodspecError)
    }

    /// The spec of pod `name` (a root name) at `version`; specs from a URL are kept in `cache`.
    package func spec(of name: String, version: String, cache: URL) async -> Lookup {
        let relative = Self.path(of: name, version: version)
        var looked: [String] = []
        for location in locations {
            switch location {
            case .folder(let folder):
                let json = folder.appendingPathComponent(relative)
                // A folder of specs may hold Ruby podspecs too, and be laid out as a company's own
                // spec repository is (`NAME/VERSION/NAME.podspec`, no shards).
                let plain = folder.appendingPathComponent("\(name)/\(version)/\(name).podspec")
                let files = [json, json.deletingPathExtension(), URL(fileURLWithPath: plain.path + ".json"), plain]
                for file in files where FileManager.default.fileExists(atPath: file.path) {
                    do {
                        return .found(try Podspec(contentsOf: file), from: file.path)
                    } catch {
                        return .unreadable(error)
                    }
                }
                looked.append("\(json.path) (no such file)")
            case .url(let base):
                guard let url = URL(string: relative, relativeTo: base)?.absoluteURL else { continue }
                let host = base.host ?? "host"
                let digest = SHA256.hash(data: Data(base.absoluteString.utf8)).prefix(4).map { String(format: "%02x", $0) }.joined()
                let kept = cache.appendingPathComponent("pod-specs/\(host)-\(digest)").appendingPathComponent(relative)
                // A published spec never changes: one fetch per pod and version.
                if let data = FileManager.default.contents(atPath: kept.path) {
                    do {
                        return .found(
                            try Podspec(json: data, file: url.absoluteString), from: "\(url.absoluteString) (kept in \(kept.path))")
                    } catch {
                        return .unreadable(error)
                    }
                }
                switch await Self.download(url) {
                case .success(let data):
                    do {
                        let spec = try Podspec(json: data, file: url.absoluteString)
                        try? FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
                        try? data.write(to: kept, options: .atomic)
                        return .found(spec, from: url.absoluteString)
                    } catch {
                        return .unreadable(error)
                    }
                case .failure(let reason):
                    looked.append("\(url.absoluteString) (\(reason))")
                }
            }
        }
        return .notFound(looked: looked)
    }

    private struct DownloadFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The body of a 200 response to GET `url`, else why not (the status, or the transport's error).
    private static func download(_ url: URL) async -> Result<Data, DownloadFailure> {
        var request = URLRequest(url: url)
        request.timeoutInterval = 30
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            return status == 200 ? .success(data) : .failure(DownloadFailure(description: "HTTP \(status)"))
        } catch {
            return .failure(DownloadFailure(description: error.localizedDescription))
        }
    }
}
