import Foundation

/// Darwin's networking names that Linux's FoundationNetworking marks unavailable or lacks,
/// which iOS libraries use: `NSURLAuthenticationMethodServerTrust` and the server-trust
/// credential (`URLCredential(trust:)`, `URLProtectionSpace.serverTrust`), and
/// `URLRequest.allowsConstrainedNetworkAccess` / `allowsExpensiveNetworkAccess`. In nsesim's
/// build copy, a source that names them gets them appended (`fileprivate`, lines kept), with
/// what Linux does: libcurl checks a server's certificate itself, so no server-trust
/// challenge ever reaches a session delegate (a protection space carries no trust); nsesim's
/// network profiles have no Low Data Mode or expensive network, so a request that refuses
/// them goes as it would on an unconstrained network, and reads the value it was given.
enum NetworkingAdditions {
    /// Why, for the build warning.
    static let reason =
        "Linux's FoundationNetworking lacks Darwin's server trust and network-access names: nsesim's are appended to the file"

    static let names = [
        "NSURLAuthenticationMethodServerTrust", "URLCredential(trust:", ".serverTrust", "allowsConstrainedNetworkAccess",
        "allowsExpensiveNetworkAccess",
    ]

    /// Whether `source` names them (and does not declare them).
    static func applies(to source: String) -> Bool {
        names.contains { source.contains($0) } && !source.contains("let NSURLAuthenticationMethodServerTrust")
    }

    /// The source with the additions appended, and the change (the first use's line).
    static func rewrite(_ source: String) -> (text: String, changes: [SourceRewrite]) {
        guard applies(to: source) else { return (source, []) }
        return SourceRewrite.appending(
            support, to: source, firstNaming: names, removed: "server trust, network access", replacement: "nsesim's", reason: reason)
    }

    /// What is appended.
    static let support = """
        // Appended by nsesim: Darwin's server trust and network-access names (NetworkingAdditions).
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif
        fileprivate let NSURLAuthenticationMethodServerTrust = "NSURLAuthenticationMethodServerTrust"
        fileprivate extension URLCredential {
            convenience init(trust: AnyObject) { self.init(user: "", password: "", persistence: .none) }
        }
        fileprivate extension URLProtectionSpace {
            var serverTrust: AnyObject? { nil }
        }
        fileprivate final class _NSESimRequestAccess: @unchecked Sendable {
            static let shared = _NSESimRequestAccess()
            let lock = NSLock()
            var refused: [URL: (constrained: Bool, expensive: Bool)] = [:]
        }
        fileprivate extension URLRequest {
            var allowsConstrainedNetworkAccess: Bool {
                get { url.map { url in _NSESimRequestAccess.shared.lock.withLock { _NSESimRequestAccess.shared.refused[url]?.constrained != true } } ?? true }
                set { if let url { _NSESimRequestAccess.shared.lock.withLock { _NSESimRequestAccess.shared.refused[url, default: (false, false)].constrained = !newValue } } }
            }
            var allowsExpensiveNetworkAccess: Bool {
                get { url.map { url in _NSESimRequestAccess.shared.lock.withLock { _NSESimRequestAccess.shared.refused[url]?.expensive != true } } ?? true }
                set { if let url { _NSESimRequestAccess.shared.lock.withLock { _NSESimRequestAccess.shared.refused[url, default: (false, false)].expensive = !newValue } } }
            }
        }

        """
}
