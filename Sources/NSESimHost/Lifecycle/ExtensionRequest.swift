import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// A notification request as it travels to the extension process: the identifier and the
/// content in its JSON form.
package struct ExtensionRequest: Sendable, Equatable {
    package let identifier: String
    package let content: JSONValue

    /// The request iOS would hand to `didReceive`.
    package init(_ request: UNNotificationRequest) {
        identifier = request.identifier
        content = request.content.jsonValue
    }
}
