/// One Uniform Type Identifier nsesim knows: what it conforms to, its file extensions and
/// MIME types (the first of each is the preferred one), and, for the types iOS accepts as
/// notification attachments, their kind.
public struct UniformTypeRecord: Sendable, Hashable {
    /// The identifier, e.g. `public.jpeg`.
    public let identifier: String
    /// The identifiers it conforms to directly (`public.image`, `public.data`).
    public let conformsTo: [String]
    /// File extensions (lower case, no dot); the first is the preferred one.
    public let fileExtensions: [String]
    /// MIME types, the first the preferred one; for attachment types, also those libmagic reports.
    public let mimeTypes: [String]
    /// Audio, image or movie when iOS accepts it as an attachment (docs/behaviour.md#types-and-sizes); else nil.
    public let attachmentKind: AttachmentKind?

    init(
        _ identifier: String, _ conformsTo: [String], extensions: [String] = [], mime: [String] = [],
        attachment: AttachmentKind? = nil
    ) {
        self.identifier = identifier
        self.conformsTo = conformsTo
        fileExtensions = extensions
        mimeTypes = mime
        attachmentKind = attachment
    }
}

/// The one table of types: `UTType` (UniformTypeIdentifiers), the `kUTType…` constants
/// (MobileCoreServices) and attachment validation (``AttachmentType/supported``) all read it.
public enum UniformTypes {
    /// Every type, the attachment types in the order validation tries them.
    public static let all: [UniformTypeRecord] = [
        // Attachment types (docs/behaviour.md#types-and-sizes).
        .init(
            "public.aiff-audio", ["public.audio"], extensions: ["aif", "aiff"], mime: ["audio/x-aiff", "audio/aiff"], attachment: .audio),
        .init(
            "com.microsoft.waveform-audio", ["public.audio"], extensions: ["wav"], mime: ["audio/x-wav", "audio/wav", "audio/vnd.wave"],
            attachment: .audio),
        .init("public.mp3", ["public.audio"], extensions: ["mp3"], mime: ["audio/mpeg"], attachment: .audio),
        .init(
            "public.mpeg-4-audio", ["public.audio", "public.mpeg-4"], extensions: ["m4a"], mime: ["audio/x-m4a", "audio/mp4"],
            attachment: .audio),
        .init("public.jpeg", ["public.image"], extensions: ["jpg", "jpeg"], mime: ["image/jpeg"], attachment: .image),
        .init("com.compuserve.gif", ["public.image"], extensions: ["gif"], mime: ["image/gif"], attachment: .image),
        .init("public.png", ["public.image"], extensions: ["png"], mime: ["image/png"], attachment: .image),
        .init("public.mpeg", ["public.movie"], extensions: ["mpg", "mpeg"], mime: ["video/mpeg"], attachment: .movie),
        .init("public.mpeg-2-video", ["public.movie"], extensions: ["mp2", "m2v"], attachment: .movie),
        .init("public.mpeg-4", ["public.movie"], extensions: ["mp4", "m4v"], mime: ["video/mp4", "video/x-m4v"], attachment: .movie),
        .init("public.avi", ["public.movie"], extensions: ["avi"], mime: ["video/x-msvideo", "video/avi"], attachment: .movie),
        // Other concrete types extensions name.
        .init("public.heic", ["public.heif-standard"], extensions: ["heic"], mime: ["image/heic"]),
        .init("public.heif", ["public.heif-standard"], extensions: ["heif"], mime: ["image/heif"]),
        .init("public.heif-standard", ["public.image"]),
        .init("org.webmproject.webp", ["public.image"], extensions: ["webp"], mime: ["image/webp"]),
        .init("public.tiff", ["public.image"], extensions: ["tiff", "tif"], mime: ["image/tiff"]),
        .init("com.microsoft.bmp", ["public.image"], extensions: ["bmp"], mime: ["image/bmp"]),
        .init("public.svg-image", ["public.image", "public.xml"], extensions: ["svg"], mime: ["image/svg+xml"]),
        .init("com.apple.quicktime-movie", ["public.movie"], extensions: ["mov", "qt"], mime: ["video/quicktime"]),
        .init("public.mpeg-4-video", ["public.mpeg-4"]),
        .init("public.3gpp", ["public.movie"], extensions: ["3gp"], mime: ["video/3gpp"]),
        .init("public.mp2", ["public.audio"]),
        .init("org.xiph.flac", ["public.audio"], extensions: ["flac"], mime: ["audio/flac"]),
        .init("com.adobe.pdf", ["public.data", "public.composite-content"], extensions: ["pdf"], mime: ["application/pdf"]),
        .init("public.json", ["public.text"], extensions: ["json"], mime: ["application/json"]),
        .init("public.xml", ["public.text"], extensions: ["xml"], mime: ["application/xml", "text/xml"]),
        .init("public.html", ["public.text"], extensions: ["html", "htm"], mime: ["text/html"]),
        .init("public.plain-text", ["public.text"], extensions: ["txt", "text"], mime: ["text/plain"]),
        .init("public.utf8-plain-text", ["public.plain-text"]),
        .init("public.comma-separated-values-text", ["public.text"], extensions: ["csv"], mime: ["text/csv"]),
        .init("public.zip-archive", ["public.data", "public.archive"], extensions: ["zip"], mime: ["application/zip"]),
        .init("public.url", ["public.data"]),
        .init("public.file-url", ["public.url"]),
        // Abstract types.
        .init("public.image", ["public.data", "public.content"]),
        .init("public.audio", ["public.audiovisual-content"]),
        .init("public.movie", ["public.audiovisual-content"]),
        .init("public.video", ["public.movie"]),
        .init("public.audiovisual-content", ["public.data", "public.content"]),
        .init("public.text", ["public.data", "public.content"]),
        .init("public.composite-content", ["public.content"]),
        .init("public.archive", ["public.data"]),
        .init("public.content", []),
        .init("public.data", ["public.item"]),
        .init("public.item", []),
    ]

    /// The type with this identifier (compared without regard to case).
    public static func record(identifier: String) -> UniformTypeRecord? {
        let wanted = identifier.lowercased()
        return all.first { $0.identifier == wanted }
    }

    /// The first type a file extension names (with or without its dot, any case).
    public static func record(fileExtension: String) -> UniformTypeRecord? {
        var wanted = fileExtension.lowercased()
        if wanted.hasPrefix(".") { wanted.removeFirst() }
        return all.first { $0.fileExtensions.contains(wanted) }
    }

    /// The first type with this MIME type.
    public static func record(mimeType: String) -> UniformTypeRecord? {
        let wanted = mimeType.lowercased()
        return all.first { $0.mimeTypes.contains(wanted) }
    }

    /// Whether `identifier` is `ancestor` or conforms to it, directly or through its parents.
    public static func conforms(_ identifier: String, to ancestor: String) -> Bool {
        if identifier == ancestor { return true }
        var seen = Set<String>()
        var queue = record(identifier: identifier)?.conformsTo ?? []
        while let next = queue.popLast() {
            if next == ancestor { return true }
            guard seen.insert(next).inserted else { continue }
            queue += record(identifier: next)?.conformsTo ?? []
        }
        return false
    }
}
