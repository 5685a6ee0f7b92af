/// One attachment type that iOS accepts (docs/behaviour.md#types-and-sizes), named by its UTI.
///
/// ``AttachmentType/supported`` is drawn from the one type table, ``UniformTypes``: the type of
/// an attachment comes from a type hint (a UTI) or from the file extension, and the
/// content of the file, as libmagic reads it, must be of the same kind.
public struct AttachmentType: Sendable, Hashable, CustomStringConvertible {
    /// The Uniform Type Identifier, e.g. `public.jpeg`.
    public let identifier: String
    /// Audio, image or movie: decides the size limit.
    public let kind: AttachmentKind
    /// File extensions (lower case, no dot) that name this type.
    public let fileExtensions: [String]
    /// MIME types that libmagic reports for content of this type.
    public let mimeTypes: [String]

    public var description: String { identifier }

    /// Every type a notification attachment may have: the attachment types of the one type
    /// table (``UniformTypes``), in its order.
    public static let supported: [AttachmentType] = UniformTypes.all.compactMap { record in
        record.attachmentKind.map { kind in
            AttachmentType(identifier: record.identifier, kind: kind, fileExtensions: record.fileExtensions, mimeTypes: record.mimeTypes)
        }
    }

    /// The type named by a UTI, compared without regard to case.
    public init?(identifier: String) {
        let wanted = identifier.lowercased()
        guard let match = Self.supported.first(where: { $0.identifier == wanted }) else { return nil }
        self = match
    }

    /// The type a file extension (with or without its dot, any case) names.
    public init?(fileExtension: String) {
        var wanted = fileExtension.lowercased()
        if wanted.hasPrefix(".") { wanted.removeFirst() }
        guard let match = Self.supported.first(where: { $0.fileExtensions.contains(wanted) }) else { return nil }
        self = match
    }

    /// The type whose content libmagic reports with this MIME type.
    public init?(mimeType: String) {
        let wanted = mimeType.lowercased()
        guard let match = Self.supported.first(where: { $0.mimeTypes.contains(wanted) }) else { return nil }
        self = match
    }

    private init(identifier: String, kind: AttachmentKind, fileExtensions: [String], mimeTypes: [String]) {
        self.identifier = identifier
        self.kind = kind
        self.fileExtensions = fileExtensions
        self.mimeTypes = mimeTypes
    }

    /// The UTIs of every supported type, for messages.
    public static var supportedIdentifiers: [String] { supported.map(\.identifier) }
    /// The file extensions of every supported type, for messages.
    public static var supportedExtensions: [String] { supported.flatMap(\.fileExtensions) }
}
