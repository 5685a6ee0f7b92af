/// One attachment type that iOS accepts (SPEC section 5), named by its UTI.
///
/// The table ``AttachmentType/supported`` is the single list nsesim knows: the type of
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

    /// Every type a notification attachment may have.
    public static let supported: [AttachmentType] = [
        AttachmentType(identifier: "public.aiff-audio", kind: .audio,
                       fileExtensions: ["aif", "aiff"], mimeTypes: ["audio/x-aiff", "audio/aiff"]),
        AttachmentType(identifier: "com.microsoft.waveform-audio", kind: .audio,
                       fileExtensions: ["wav"], mimeTypes: ["audio/x-wav", "audio/wav", "audio/vnd.wave"]),
        AttachmentType(identifier: "public.mp3", kind: .audio,
                       fileExtensions: ["mp3"], mimeTypes: ["audio/mpeg"]),
        AttachmentType(identifier: "public.mpeg-4-audio", kind: .audio,
                       fileExtensions: ["m4a"], mimeTypes: ["audio/x-m4a", "audio/mp4"]),
        AttachmentType(identifier: "public.jpeg", kind: .image,
                       fileExtensions: ["jpg", "jpeg"], mimeTypes: ["image/jpeg"]),
        AttachmentType(identifier: "com.compuserve.gif", kind: .image,
                       fileExtensions: ["gif"], mimeTypes: ["image/gif"]),
        AttachmentType(identifier: "public.png", kind: .image,
                       fileExtensions: ["png"], mimeTypes: ["image/png"]),
        AttachmentType(identifier: "public.mpeg", kind: .movie,
                       fileExtensions: ["mpg", "mpeg"], mimeTypes: ["video/mpeg"]),
        AttachmentType(identifier: "public.mpeg-2-video", kind: .movie,
                       fileExtensions: ["mp2", "m2v"], mimeTypes: []),
        AttachmentType(identifier: "public.mpeg-4", kind: .movie,
                       fileExtensions: ["mp4", "m4v"], mimeTypes: ["video/mp4", "video/x-m4v"]),
        AttachmentType(identifier: "public.avi", kind: .movie,
                       fileExtensions: ["avi"], mimeTypes: ["video/x-msvideo", "video/avi"]),
    ]

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
