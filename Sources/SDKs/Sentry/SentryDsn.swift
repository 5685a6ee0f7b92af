import Foundation

/// A DSN read as Sentry reads one: `https://PUBLIC_KEY@HOST/PROJECT_ID`, the scheme http or
/// https, a host, a public key and a project. Pure.
public final class SentryDsn: NSObject, @unchecked Sendable {
    /// The DSN as given (trimmed).
    public let url: URL
    /// The project's ID (the last path component).
    let projectID: String
    /// The public key (the URL's user).
    let publicKey: String

    /// Sentry's error domain and the code of an invalid DSN (`kSentryErrorInvalidDsnError`).
    static let errorDomain = "SentryErrorDomain"
    static let invalidDsnCode = 100

    /// Parses `dsnString`; throws Sentry's error (domain `SentryErrorDomain`, code 100) with
    /// what is missing.
    public init(string dsnString: String) throws {
        let trimmed = dsnString.trimmingCharacters(in: .whitespacesAndNewlines)
        let reason: String?
        let url = URL(string: trimmed)
        if url?.scheme == nil {
            reason = "URL scheme of DSN is missing"
        } else if !["http", "https"].contains(url?.scheme ?? "") {
            reason = "Unrecognized URL scheme in DSN"
        } else if (url?.host ?? "").isEmpty {
            reason = "Host component of DSN is missing"
        } else if (url?.user ?? "").isEmpty {
            reason = "User component of DSN is missing"
        } else if (url?.pathComponents.count ?? 0) < 2 {
            reason = "Project ID path component of DSN is missing"
        } else {
            reason = nil
        }
        guard let url, reason == nil else {
            throw NSError(
                domain: Self.errorDomain, code: Self.invalidDsnCode, userInfo: [NSLocalizedDescriptionKey: reason ?? "invalid DSN"])
        }
        self.url = url
        projectID = url.lastPathComponent
        publicKey = url.user ?? ""
        super.init()
    }

    /// Where Sentry would post envelopes: `SCHEME://HOST[:PORT][/PREFIX]/api/PROJECT/envelope/`.
    public func getEnvelopeEndpoint() -> URL {
        var prefix = url.deletingLastPathComponent().path
        if prefix == "/" { prefix = "" }
        let port = url.port.map { ":\($0)" } ?? ""
        return URL(string: "\(url.scheme ?? "https")://\(url.host ?? "")\(port)\(prefix)/api/\(projectID)/envelope/")!
    }
}
