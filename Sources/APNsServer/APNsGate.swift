import Foundation
import NIOConcurrencyHelpers

/// The server's decisions, shared by its connections: the pure validation plus what it
/// remembers (the provider tokens in use) and what it reads at each request (the
/// unregistered tokens, which `nsesim apns unregister` may change while it runs).
package final class APNsGate: Sendable {
    package let configuration: APNsConfiguration
    /// `--tokens`: the valid tokens, nil for any.
    private let tokens: [String: String?]?
    /// The file of unregistered tokens.
    private let unregisteredFile: URL?
    private let tokenState = NIOLockedValueBox(ProviderTokenState())

    package init(configuration: APNsConfiguration, tokens: [String: String?]?, unregisteredFile: URL?) {
        self.configuration = configuration
        self.tokens = tokens
        self.unregisteredFile = unregisteredFile
    }

    /// Decides on `request` at `now`.
    package func decide(_ request: APNsRequest, now: Date = Date()) -> Result<APNsPush, APNsRefusal> {
        let registry = DeviceRegistry(
            tokens: tokens,
            unregistered: unregisteredFile.map(DeviceRegistry.loadUnregistered(from:)) ?? [:])
        do throws(APNsRefusal) {
            let (push, token) = try APNsValidation.validate(request, configuration: configuration, registry: registry)
            if let token {
                try tokenState.withLockedValue { state in
                    Result { () throws(APNsRefusal) in try state.accept(token, now: Int(now.timeIntervalSince1970)) }
                }.get()
            }
            return .success(push)
        } catch {
            return .failure(error)
        }
    }
}
