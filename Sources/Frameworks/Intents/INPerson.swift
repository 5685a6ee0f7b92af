import Foundation

/// How a person is reached: an email address, a phone number, or an app's own identifier.
open class INPersonHandle: NSObject, @unchecked Sendable {
    /// The kind of handle.
    public enum HandleType: Int, Sendable { case unknown = 0, emailAddress, phoneNumber }

    public let value: String?
    public let type: HandleType
    public let label: String?

    public init(value: String?, type: HandleType, label: String? = nil) {
        self.value = value
        self.type = type
        self.label = label
        super.init()
    }

    public convenience init(value: String?, type: HandleType) {
        self.init(value: value, type: type, label: nil)
    }
}

/// A name that can be spoken.
open class INSpeakableString: NSObject, @unchecked Sendable {
    public let spokenPhrase: String
    public let vocabularyIdentifier: String?
    public let pronunciationHint: String?

    public init(vocabularyIdentifier: String, spokenPhrase: String, pronunciationHint: String?) {
        self.vocabularyIdentifier = vocabularyIdentifier
        self.spokenPhrase = spokenPhrase
        self.pronunciationHint = pronunciationHint
        super.init()
    }

    public init(spokenPhrase: String) {
        self.spokenPhrase = spokenPhrase
        vocabularyIdentifier = nil
        pronunciationHint = nil
        super.init()
    }
}

/// A person in an intent: the sender or a recipient of a message, a caller.
/// How the system shows a person it suggests as a contact (`INPerson`'s iOS 15 initialiser).
public enum INPersonSuggestionType: Int, Sendable {
    /// No contact information to suggest.
    case none = 0
    /// A social media account.
    case socialProfile = 1
    /// An instant messaging address.
    case instantMessageAddress = 2
}

open class INPerson: NSObject, @unchecked Sendable {
    public let personHandle: INPersonHandle?
    public let nameComponents: PersonNameComponents?
    public let displayName: String
    public let image: INImage?
    public let contactIdentifier: String?
    public let customIdentifier: String?
    public let isMe: Bool

    public init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, isMe: Bool = false
    ) {
        self.personHandle = personHandle
        self.nameComponents = nameComponents
        let formatted = nameComponents.map { [$0.givenName, $0.familyName].compactMap { $0 }.joined(separator: " ") }
        self.displayName = displayName ?? formatted ?? personHandle.value ?? ""
        self.image = image
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
        self.isMe = isMe
        super.init()
    }

    /// The iOS 15 form communication notifications use: `suggestionType` says how a suggested
    /// contact is shown, which a notification does not show; the person is the same.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, isMe: Bool,
        suggestionType: INPersonSuggestionType
    ) {
        self.init(
            personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: isMe)
    }

    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?
    ) {
        self.init(
            personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: false)
    }
}
