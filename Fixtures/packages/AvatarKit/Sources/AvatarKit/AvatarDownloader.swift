import Foundation

/// Downloads avatars with a session whose delegate answers challenges as Kingfisher's does.
public final class AvatarDownloader: NSObject, URLSessionDataDelegate {
    public static let shared = AvatarDownloader()
    /// Hosts whose certificates are trusted without evaluation.
    public var trustedHosts: Set<String>?
    /// Whether requests refuse Low Data Mode networks.
    public var respectsLowDataMode = true
    private lazy var session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)

    public enum Failure: Error {
        case status(Int)
        case constrained
        case transport(Error)
    }

    public func download(_ url: URL, completion: @escaping (Result<Data, Failure>) -> Void) {
        if let cached = AvatarCache.shared.data(for: url.absoluteString) {
            completion(.success(cached))
            return
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 15)
        if respectsLowDataMode {
            request.allowsConstrainedNetworkAccess = false
        }
        session.dataTask(with: request) { data, response, error in
            if let error = error as? URLError, error.networkUnavailableReason == .constrained {
                completion(.failure(.constrained))
                return
            }
            if let error {
                completion(.failure(.transport(error)))
                return
            }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard status == 200, let data else {
                completion(.failure(.status(status)))
                return
            }
            AvatarCache.shared.store(data, for: url.absoluteString)
            completion(.success(data))
        }.resume()
    }

    public func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
            let trustedHosts, trustedHosts.contains(challenge.protectionSpace.host),
            let trust = challenge.protectionSpace.serverTrust
        {
            completionHandler(.useCredential, URLCredential(trust: trust))
            return
        }
        completionHandler(.performDefaultHandling, nil)
    }
}
