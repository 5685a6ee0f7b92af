/// A push SDK stand-in's library and an extension importing it, for the linked-only-when-
/// imported check (BuildTests).
struct SDKStandIn: Sendable {
    let library: String
    let extensionPath: String

    /// The second wave's stand-ins: the older names (Firebase's umbrella is FirebaseMessaging's,
    /// checked with it) and the vendors of wave 2.
    static let wave2 = [
        SDKStandIn(library: "AppboyKit", extensionPath: testExtension("AppboyRichPush")),
        SDKStandIn(library: "BatchExtension", extensionPath: example("SDKs/BatchNotificationService")),
        SDKStandIn(library: "PushwooshFramework", extensionPath: example("SDKs/PushwooshNotificationService")),
        SDKStandIn(library: "NotificareNotificationServiceExtensionKit", extensionPath: example("SDKs/NotificareNotificationService")),
        SDKStandIn(library: "CioMessagingPushAPN", extensionPath: example("SDKs/CustomerIONotificationService")),
        SDKStandIn(library: "CTNotificationService", extensionPath: example("SDKs/CleverTapNotificationService")),
    ]
}
