import MobileCoreServices
import Testing
import UniformTypeIdentifiers
import UserNotifications

/// UTType and the kUTType functions round-trip every attachment type, and agree with what
/// UNNotificationAttachment accepts (one type table).
@Suite struct TypesBehaviourTests {
    static let attachmentExtensions = [
        "aif", "aiff", "wav", "mp3", "m4a", "jpg", "jpeg", "gif", "png", "mpg", "mpeg", "mp2", "mp4", "m4v", "avi",
    ]

    @Test(arguments: attachmentExtensions)
    func roundTrip(_ fileExtension: String) throws {
        let type = try #require(UTType(filenameExtension: fileExtension))
        #expect(!type.isDynamic)
        #expect(UTType(type.identifier) == type)
        #expect(type.tags[.filenameExtension]?.contains(fileExtension) == true)
        if let mime = type.preferredMIMEType { #expect(UTType(mimeType: mime) == type) }
        #expect(type.conforms(to: .image) || type.conforms(to: .audio) || type.conforms(to: .movie))
        #expect(type.conforms(to: .data) && type.conforms(to: .item))
        #expect(TypesNotificationService.legacyIdentifier(forExtension: fileExtension) == type.identifier)
        let preferred = UTTypeCopyPreferredTagWithClass(type.identifier as CFString, kUTTagClassFilenameExtension)?.takeRetainedValue()
        #expect((preferred as String?) == type.preferredFilenameExtension)
    }

    @Test func serviceUsesMIMETypes() {
        #expect(TypesNotificationService.typeHint(mimeType: "image/png") == UTType.png.identifier)
        #expect(TypesNotificationService.typeHint(mimeType: "video/mp4") == "public.mpeg-4")
        #expect(TypesNotificationService.typeHint(mimeType: "application/json") == nil)
        #expect(TypesNotificationService.isImage("public.jpeg") && !TypesNotificationService.isImage("public.mp3"))
        #expect(UTType(filenameExtension: "xyz")?.isDynamic == true)
        #expect(UTType.jpeg.supertypes.contains(.image))
        #expect((kUTTypePNG as String) == UTType.png.identifier)
    }
}
