import Foundation

/// An object that gives a notification its content: on iOS, Intents' `INSendMessageIntent`
/// and `INStartCallIntent`, which make a communication notification (the sender's name and
/// picture, the conversation).
public protocol UNNotificationContentProviding: NSObjectProtocol {}

/// What a provider gives a communication notification: nsesim's Intents stand-in adopts it,
/// and so can a test's own provider. An nsesim addition, not Apple's API.
public protocol NSESimCommunicationProviding: UNNotificationContentProviding {
    /// The communication, as the report shows it: `kind` ("message", "call"), `sender`,
    /// `senderIdentifier`, `conversationIdentifier`, `groupName`, ...
    var nsesimCommunication: [String: String] { get }
}

extension UNNotificationContent {
    /// A copy of the content updated from `provider`, as iOS makes a communication
    /// notification from an intent. A provider that is not one iOS accepts (an intent) throws
    /// `contentProvidingObjectNotAllowed`, as on iOS.
    public func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent {
        guard let communication = (provider as? any NSESimCommunicationProviding)?.nsesimCommunication else {
            throw UNError(
                .contentProvidingObjectNotAllowed,
                detail: "\(type(of: provider)) is not a content provider iOS accepts (INSendMessageIntent, INStartCallIntent)")
        }
        guard !communication.isEmpty else {
            throw UNError(.contentProvidingInvalid, detail: "\(type(of: provider)) provides no communication")
        }
        var fields = self.fields
        fields.communication = communication
        return UNNotificationContent(fields: fields)
    }
}
