import Foundation
import NSESimRuntime

/// The error domain of `reportNewIncomingVoIPPushPayload` failures.
public let CXErrorDomainNotificationServiceExtension = "com.apple.CallKit.error.notificationserviceextension"

/// Why iOS refused a call reported from a notification service extension.
public struct CXErrorCodeNotificationServiceExtensionError: CustomNSError, Hashable, Sendable {
    public enum Code: Int, Sendable {
        /// Not called from a service extension answering a notification.
        case invalidClientProcess = 0
        /// The extension lacks the `com.apple.developer.usernotifications.filtering` entitlement.
        case missingNotificationFilteringEntitlement = 1
    }

    public let code: Code
    public static var errorDomain: String { CXErrorDomainNotificationServiceExtension }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }

    public static let invalidClientProcess = Code.invalidClientProcess
    public static let missingNotificationFilteringEntitlement = Code.missingNotificationFilteringEntitlement

    var message: String {
        switch code {
        case .invalidClientProcess: "only a notification service extension answering a request may report a call"
        case .missingNotificationFilteringEntitlement:
            "the extension lacks the com.apple.developer.usernotifications.filtering entitlement"
        }
    }
}

/// CallKit's provider. A service extension uses only `reportNewIncomingVoIPPushPayload`; the
/// rest exists so that code shared with the app builds.
open class CXProvider: NSObject, @unchecked Sendable {
    public let configuration: CXProviderConfiguration
    private weak var delegate: (any CXProviderDelegate)?

    public init(configuration: CXProviderConfiguration) {
        self.configuration = configuration
        super.init()
    }

    open func setDelegate(_ delegate: (any CXProviderDelegate)?, queue: DispatchQueue?) {
        self.delegate = delegate
    }

    /// Reports a call from the app (recorded; iOS shows the call screen).
    open func reportNewIncomingCall(with UUID: UUID, update: CXCallUpdate, completion: @escaping ((any Error)?) -> Void) {
        NSESimReport.send(
            source: .call,
            .object([
                "api": .string("reportNewIncomingCall"), "uuid": .string(UUID.uuidString),
                "caller": update.remoteHandle.map { .string($0.value) } ?? .null,
                "allowed": .bool(true),
            ]))
        completion(nil)
    }

    open func invalidate() {}

    /// Reports an incoming VoIP call after the extension decrypted a VoIP call request (iOS
    /// 14.5). As on iOS, the extension needs the `com.apple.developer.usernotifications.filtering`
    /// entitlement (nsesim reads the `.entitlements` file of the extension's folder); without it
    /// the completion gets `missingNotificationFilteringEntitlement` and no call is shown.
    open class func reportNewIncomingVoIPPushPayload(
        _ dictionaryPayload: [AnyHashable: Any],
        completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        let allowed = Entitlements.hasNotificationFiltering
        var record: [String: JSONValue] = [
            "api": .string("reportNewIncomingVoIPPushPayload"),
            "payload": JSONValue(foundationLossy: Dictionary(uniqueKeysWithValues: dictionaryPayload.map { ("\($0.key)", $0.value) })),
            "allowed": .bool(allowed),
        ]
        let error = allowed ? nil : CXErrorCodeNotificationServiceExtensionError(code: .missingNotificationFilteringEntitlement)
        if let error { record["error"] = .string(error.message) }
        NSESimReport.send(source: .call, .object(record))
        guard let completion else { return }
        DispatchQueue.global().async { completion(error) }
    }

    /// The async form.
    open class func reportNewIncomingVoIPPushPayload(_ dictionaryPayload: [AnyHashable: Any]) async throws {
        let error: (any Error)? = await withCheckedContinuation { continuation in
            reportNewIncomingVoIPPushPayload(dictionaryPayload) { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }
}

/// What the extension's entitlements allow: the `.entitlements` property list of its
/// bundle (`BundleEntitlements`: an extension folder's file, or a project target's).
enum Entitlements {
    static let notificationFiltering = "com.apple.developer.usernotifications.filtering"

    static var hasNotificationFiltering: Bool { BundleEntitlements.isGranted(notificationFiltering) }
}
