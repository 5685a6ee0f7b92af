import Testing

@testable import AttachmentValidation

@Suite("AttachmentType and AttachmentKind")
struct AttachmentTypeTests {
    /// The table of docs/behaviour.md#types-and-sizes, plus m2v for MPEG-2 elementary streams.
    static let extensions: [(ext: String, uti: String, kind: AttachmentKind)] = [
        ("aif", "public.aiff-audio", .audio), ("aiff", "public.aiff-audio", .audio),
        ("wav", "com.microsoft.waveform-audio", .audio), ("mp3", "public.mp3", .audio),
        ("m4a", "public.mpeg-4-audio", .audio),
        ("jpg", "public.jpeg", .image), ("jpeg", "public.jpeg", .image), ("gif", "com.compuserve.gif", .image),
        ("png", "public.png", .image),
        ("mpg", "public.mpeg", .movie), ("mpeg", "public.mpeg", .movie), ("mp2", "public.mpeg-2-video", .movie),
        ("m2v", "public.mpeg-2-video", .movie), ("mp4", "public.mpeg-4", .movie), ("m4v", "public.mpeg-4", .movie),
        ("avi", "public.avi", .movie),
    ]

    @Test("every supported extension names its UTI and kind", arguments: extensions)
    func fileExtension(ext: String, uti: String, kind: AttachmentKind) throws {
        let type = try #require(AttachmentType(fileExtension: ext))
        #expect(type.identifier == uti)
        #expect(type.kind == kind)
        #expect(AttachmentType(fileExtension: "." + ext.uppercased()) == type)
        #expect(AttachmentType(identifier: uti) == type)
        #expect(AttachmentType(identifier: uti.uppercased()) == type)
    }

    @Test("the table holds exactly the eleven UTIs of the attachment types table")
    func supportedList() {
        #expect(Set(AttachmentType.supportedIdentifiers) == Set(Self.extensions.map(\.uti)))
        #expect(AttachmentType.supported.count == 11)
        #expect(Set(AttachmentType.supportedExtensions) == Set(Self.extensions.map(\.ext)))
    }

    @Test(
        "unsupported extensions and UTIs name no type",
        arguments: [
            "webp", "mov", "flac", "ogg", "heic", "txt", "html", "m4b", "3gp", "", ".",
        ])
    func unsupportedExtension(ext: String) {
        #expect(AttachmentType(fileExtension: ext) == nil)
    }

    @Test(
        "unsupported UTIs name no type",
        arguments: [
            "public.heic", "org.webmproject.webp", "com.apple.quicktime-movie", "org.xiph.flac", "public.image", "",
        ])
    func unsupportedIdentifier(uti: String) {
        #expect(AttachmentType(identifier: uti) == nil)
    }

    @Test(
        "libmagic's MIME types map to the supported types",
        arguments: [
            ("image/png", "public.png"), ("image/jpeg", "public.jpeg"), ("image/gif", "com.compuserve.gif"),
            ("audio/x-wav", "com.microsoft.waveform-audio"), ("audio/x-aiff", "public.aiff-audio"),
            ("audio/mpeg", "public.mp3"), ("audio/x-m4a", "public.mpeg-4-audio"), ("video/mp4", "public.mpeg-4"),
            ("video/x-m4v", "public.mpeg-4"), ("video/x-msvideo", "public.avi"), ("video/mpeg", "public.mpeg"),
        ])
    func mimeType(mime: String, uti: String) {
        #expect(AttachmentType(mimeType: mime)?.identifier == uti)
    }

    @Test(
        "MIME types of unsupported content map to nothing",
        arguments: [
            "video/quicktime", "video/3gpp", "audio/x-hx-aac-adts", "audio/flac", "audio/ogg", "image/webp",
            "text/html", "text/plain", "application/octet-stream", "inode/x-empty",
        ])
    func unsupportedMimeType(mime: String) {
        #expect(AttachmentType(mimeType: mime) == nil)
    }

    @Test("the size limits: 5, 10, 50 MB of one 1,000,000-byte megabyte")
    func limits() {
        #expect(AttachmentKind.bytesPerMegabyte == 1_000_000)
        #expect(AttachmentKind.audio.maximumSize == 5_000_000)
        #expect(AttachmentKind.image.maximumSize == 10_000_000)
        #expect(AttachmentKind.movie.maximumSize == 50_000_000)
        #expect(AttachmentKind.largestMaximumSize == 50_000_000)
        for kind in AttachmentKind.allCases {
            #expect(kind.maximumSize == kind.maximumMegabytes * AttachmentKind.bytesPerMegabyte)
        }
    }

    @Test("checkSize: the limit passes, one byte more and 0 bytes fail with 102", arguments: AttachmentKind.allCases)
    func checkSize(kind: AttachmentKind) throws {
        let type = try #require(AttachmentType.supported.first { $0.kind == kind })
        #expect(throws: Never.self) { try AttachmentValidator.checkSize(kind.maximumSize, of: type, path: "f") }
        #expect(throws: Never.self) { try AttachmentValidator.checkSize(1, of: type, path: "f") }
        let over = #expect(throws: AttachmentValidationError.self) {
            try AttachmentValidator.checkSize(kind.maximumSize + 1, of: type, path: "big.file")
        }
        #expect(over?.code == 102)
        #expect(over?.message.contains("big.file") == true)
        #expect(over?.message.contains("\(kind.maximumSize)") == true)
        let empty = #expect(throws: AttachmentValidationError.self) {
            try AttachmentValidator.checkSize(0, of: type, path: "empty.file")
        }
        #expect(empty?.code == 102)
    }

    @Test("AttachmentValidationError carries Apple's codes and names")
    func errorCodes() {
        #expect(AttachmentValidationError.invalidURL("m").code == 100)
        #expect(AttachmentValidationError.unrecognizedType("m").code == 101)
        #expect(AttachmentValidationError.invalidFileSize("m").code == 102)
        #expect(AttachmentValidationError.corrupt("m").code == 105)
        #expect(AttachmentValidationError.corrupt("bad").description == "attachmentCorrupt (105): bad")
        #expect(AttachmentValidationError.invalidURL("x").codeName == "attachmentInvalidURL")
        #expect(AttachmentValidationError.unrecognizedType("x").codeName == "attachmentUnrecognizedType")
        #expect(AttachmentValidationError.invalidFileSize("x").codeName == "attachmentInvalidFileSize")
    }
}
