import Foundation
import NSESimRuntime
import UserNotifications

/// An intent: what the user did (sent a message, started a call).
open class INIntent: NSObject, @unchecked Sendable {
    private var images: [String: INImage] = [:]
    private let lock = NSLock()

    public override init() {
        super.init()
    }

    /// An image for one of the intent's parameters (`"speakableGroupName"`, `"sender"`).
    open func setImage(_ image: INImage?, forParameterNamed parameterName: String) {
        lock.withLock { images[parameterName] = image }
    }

    open func image(forParameterNamed parameterName: String) -> INImage? {
        lock.withLock { images[parameterName] }
    }

    /// The key path form (`\INSendMessageIntent.speakableGroupName`).
    open func setImage<Value>(_ image: INImage?, forParameterNamed parameterName: KeyPath<INSendMessageIntent, Value>) {
        let name = parameterName == \INSendMessageIntent.speakableGroupName ? "speakableGroupName" : "\(parameterName)"
        setImage(image, forParameterNamed: name)
    }
}

/// The direction of a message or call.
public enum INOutgoingMessageType: Int, Sendable { case unknown = 0, outgoingMessageText, outgoingMessageAudio }

/// "Send a message": what makes a notification a communication notification on iOS 15.
open class INSendMessageIntent: INIntent, NSESimCommunicationProviding, @unchecked Sendable {
    public let recipients: [INPerson]?
    public let outgoingMessageType: INOutgoingMessageType
    public let content: String?
    public let speakableGroupName: INSpeakableString?
    public let conversationIdentifier: String?
    public let serviceName: String?
    public let sender: INPerson?
    public let attachments: [Any]?

    public init(
        recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
        speakableGroupName: INSpeakableString?, conversationIdentifier: String?, serviceName: String?,
        sender: INPerson?, attachments: [Any]?
    ) {
        self.recipients = recipients
        self.outgoingMessageType = outgoingMessageType
        self.content = content
        self.speakableGroupName = speakableGroupName
        self.conversationIdentifier = conversationIdentifier
        self.serviceName = serviceName
        self.sender = sender
        self.attachments = attachments
        super.init()
    }

    public convenience init(
        recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
        speakableGroupName: INSpeakableString?, conversationIdentifier: String?, serviceName: String?,
        sender: INPerson?
    ) {
        self.init(
            recipients: recipients, outgoingMessageType: outgoingMessageType, content: content,
            speakableGroupName: speakableGroupName, conversationIdentifier: conversationIdentifier,
            serviceName: serviceName, sender: sender, attachments: nil)
    }

    /// The communication as the report shows it.
    public var nsesimCommunication: [String: String] {
        var facts = ["kind": "message", "intent": "INSendMessageIntent"]
        facts["sender"] = sender?.displayName
        facts["senderIdentifier"] = sender?.customIdentifier ?? sender?.personHandle?.value
        facts["conversationIdentifier"] = conversationIdentifier
        facts["groupName"] = speakableGroupName?.spokenPhrase
        facts["recipients"] = recipients.map { String($0.count) }
        let avatar = image(forParameterNamed: "speakableGroupName") ?? sender?.image
        for (key, value) in avatar?.summary ?? [:] { facts["avatar.\(key)"] = value }
        return facts
    }
}

/// "Start a call": a communication notification for a call.
open class INStartCallIntent: INIntent, NSESimCommunicationProviding, @unchecked Sendable {
    public let contacts: [INPerson]?

    public init(
        callRecordFilter: Any? = nil, callRecordToCallBack: Any? = nil, audioRoute: Int = 0, destinationType: Int = 0,
        contacts: [INPerson]?, callCapability: Int = 0
    ) {
        self.contacts = contacts
        super.init()
    }

    public var nsesimCommunication: [String: String] {
        var facts = ["kind": "call", "intent": "INStartCallIntent"]
        facts["caller"] = contacts?.first?.displayName
        for (key, value) in contacts?.first?.image?.summary ?? [:] { facts["avatar.\(key)"] = value }
        return facts
    }
}

/// What the intent's handling said.
open class INIntentResponse: NSObject, @unchecked Sendable {}

/// An intent and its response, donated to the system so that it learns the conversation.
open class INInteraction: NSObject, @unchecked Sendable {
    public let intent: INIntent
    public let intentResponse: INIntentResponse?
    /// Incoming or outgoing.
    public var direction: INInteractionDirection = .unspecified

    public init(intent: INIntent, response: INIntentResponse?) {
        self.intent = intent
        intentResponse = response
        super.init()
    }

    /// Donates the interaction (recorded in the report; iOS uses it for suggestions).
    open func donate(completion: (((any Error)?) -> Void)? = nil) {
        NSESimReport.send(source: .donation, .object(["intent": .string(String(describing: type(of: intent)))]))
        completion?(nil)
    }

    open func donate() async throws {
        donate(completion: nil)
    }
}

/// Incoming or outgoing.
public enum INInteractionDirection: Int, Sendable { case unspecified = 0, outgoing, incoming }
