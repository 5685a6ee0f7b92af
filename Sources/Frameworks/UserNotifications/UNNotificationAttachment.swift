public import AttachmentValidation

/// An audio, image or movie file shown with a notification.
///
/// Creating one validates the file as iOS does: a file URL to a readable regular file,
/// of a supported type (from the type hint or the extension), within its kind's size
/// limit; nsesim also reads the content with libmagic, so an HTML page saved as .jpg or
/// a file cut short is refused.
open class UNNotificationAttachment: NSObject, NSCopying, @unchecked Sendable {
    /// The identifier; a generated UUID when created with an empty one.
    public let identifier: String
    /// The file.
    public let url: URL
    /// The UTI of the file's type.
    public let type: String
    /// The options, parsed.
    @_spi(NSESim) public let options: AttachmentOptions

    init(identifier: String, url: URL, type: String, options: AttachmentOptions) {
        self.identifier = identifier
        self.url = url
        self.type = type
        self.options = options
        super.init()
    }

    /// Creates an attachment for the file at `URL`, or throws a ``UNError`` saying why the
    /// file cannot be one.
    ///
    /// - Parameters:
    ///   - identifier: a unique identifier; empty gives a generated one.
    ///   - URL: a file URL to an audio, image or movie file.
    ///   - options: the `UNNotificationAttachmentOptions*Key` values.
    public convenience init(identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil) throws {
        let parsed: AttachmentOptions
        let validated: ValidatedAttachment
        do {
            parsed = try AttachmentOptions(dictionary: options ?? [:])
            validated = try AttachmentValidator.validate(fileAt: URL, options: parsed)
        } catch {
            throw UNError(error)
        }
        self.init(
            identifier: identifier.isEmpty ? UUID().uuidString : identifier,
            url: URL, type: validated.type.identifier, options: parsed)
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationAttachment else { return false }
        return identifier == other.identifier && url == other.url && type == other.type && options == other.options
    }

    open override var hash: Int { identifier.hashValue }

    open override var description: String {
        "<UNNotificationAttachment: identifier: \(identifier), url: \(url.absoluteString), type: \(type)>"
    }
}

extension UNError {
    /// The UNError for a failed attachment check, with Apple's code.
    init(_ failure: AttachmentValidationError) {
        self.init(Code(rawValue: failure.code) ?? .attachmentCorrupt, detail: failure.message)
    }
}
