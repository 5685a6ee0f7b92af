import Foundation

/// A file that passed every check of docs/behaviour.md#attachments.
public struct ValidatedAttachment: Sendable, Equatable {
    /// The file.
    public let url: URL
    /// The type claimed by the type hint or the file extension: the attachment's `type`.
    public let type: AttachmentType
    /// The type libmagic read in the content: of the same kind as ``type``, and usually
    /// the same type (a PNG saved as .jpg is accepted, as iOS decodes images by content).
    public let contentType: AttachmentType
    /// The MIME type libmagic reported.
    public let mimeType: String
    /// The file's size in bytes.
    public let size: Int64

    public init(url: URL, type: AttachmentType, contentType: AttachmentType, mimeType: String, size: Int64) {
        self.url = url
        self.type = type
        self.contentType = contentType
        self.mimeType = mimeType
        self.size = size
    }
}
