import Foundation
import NSESimRuntime
import Testing

@testable import AttachmentValidation
@_spi(NSESim) @testable import UserNotifications

/// The size limits of docs/behaviour.md#types-and-sizes, at the limit and one byte over, with valid files of
/// each kind generated in a temporary folder (never committed) and removed afterwards.
@Suite("Attachment size limits")
struct SizeLimitTests {
    @Test("the limits are 5, 10 and 50 MB of one megabyte constant")
    func limits() {
        #expect(AttachmentKind.bytesPerMegabyte == 1_000_000)
        #expect(AttachmentKind.audio.maximumSize == 5 * AttachmentKind.bytesPerMegabyte)
        #expect(AttachmentKind.image.maximumSize == 10 * AttachmentKind.bytesPerMegabyte)
        #expect(AttachmentKind.movie.maximumSize == 50 * AttachmentKind.bytesPerMegabyte)
    }

    @Test("image: a JPEG of exactly 10 MB is accepted, one byte more is attachmentInvalidFileSize")
    func image() throws {
        let limit = Int(AttachmentKind.image.maximumSize)
        try withTemporaryFolder { folder in
            let atLimit = folder.file("at-limit.jpg")
            try MediaBuilder.jpeg(size: limit, at: atLimit)
            #expect(try MediaBuilder.fileSize(atLimit) == Int64(limit))
            let accepted = try UNNotificationAttachment(identifier: "i", url: atLimit, options: nil)
            #expect(accepted.type == "public.jpeg")

            let over = folder.file("over-limit.jpg")
            try MediaBuilder.jpeg(size: limit + 1, at: over)
            #expect(try MediaBuilder.fileSize(over) == Int64(limit + 1))
            let error = unError { _ = try UNNotificationAttachment(identifier: "i", url: over, options: nil) }
            #expect(error?.code == .attachmentInvalidFileSize)
            #expect(error?.message.contains("\(limit + 1)") == true, "\(error?.message ?? "")")
        }
    }

    @Test("audio: a WAV of exactly 5 MB is accepted, one byte more is attachmentInvalidFileSize")
    func audio() throws {
        let limit = Int(AttachmentKind.audio.maximumSize)
        try withTemporaryFolder { folder in
            let atLimit = folder.file("at-limit.wav")
            try MediaBuilder.wav(size: limit, at: atLimit)
            #expect(try MediaBuilder.fileSize(atLimit) == Int64(limit))
            let accepted = try UNNotificationAttachment(identifier: "a", url: atLimit, options: nil)
            #expect(accepted.type == "com.microsoft.waveform-audio")

            let over = folder.file("over-limit.wav")
            try MediaBuilder.wav(size: limit + 1, at: over)
            #expect(try MediaBuilder.fileSize(over) == Int64(limit + 1))
            let error = unError { _ = try UNNotificationAttachment(identifier: "a", url: over, options: nil) }
            #expect(error?.code == .attachmentInvalidFileSize)
        }
    }

    @Test("movie: an MP4 of exactly 50 MB is accepted, one byte more is attachmentInvalidFileSize")
    func movie() throws {
        let limit = Int(AttachmentKind.movie.maximumSize)
        try withTemporaryFolder { folder in
            let url = folder.file("movie.mp4")
            try MediaBuilder.mp4(size: limit, at: url)
            #expect(try MediaBuilder.fileSize(url) == Int64(limit))
            let accepted = try UNNotificationAttachment(identifier: "m", url: url, options: nil)
            #expect(accepted.type == "public.mpeg-4")

            // One byte more, the free box grown with it so that the file stays valid.
            try MediaBuilder.growMP4ByOneByte(at: url)
            #expect(try MediaBuilder.fileSize(url) == Int64(limit + 1))
            let error = unError { _ = try UNNotificationAttachment(identifier: "m", url: url, options: nil) }
            #expect(error?.code == .attachmentInvalidFileSize)
        }
    }

    @Test("the builders make valid files: small ones are accepted at any size", arguments: [2_000, 65_600, 66_936, 131_075, 200_001])
    func buildersMakeValidFiles(size: Int) throws {
        try withTemporaryFolder { folder in
            let jpeg = folder.file("small.jpg")
            try MediaBuilder.jpeg(size: size, at: jpeg)
            #expect(try MediaBuilder.fileSize(jpeg) == Int64(size))
            _ = try UNNotificationAttachment(identifier: "j", url: jpeg, options: nil)

            let wav = folder.file("small.wav")
            try MediaBuilder.wav(size: size, at: wav)
            #expect(try MediaBuilder.fileSize(wav) == Int64(size))
            _ = try UNNotificationAttachment(identifier: "w", url: wav, options: nil)

            let mp4 = folder.file("small.mp4")
            try MediaBuilder.mp4(size: size, at: mp4)
            #expect(try MediaBuilder.fileSize(mp4) == Int64(size))
            _ = try UNNotificationAttachment(identifier: "m", url: mp4, options: nil)
            try MediaBuilder.growMP4ByOneByte(at: mp4)
            _ = try UNNotificationAttachment(identifier: "m", url: mp4, options: nil)

            // A movie box size that no longer adds up is caught: the validator reads the sizes.
            let handle = try FileHandle(forWritingTo: mp4)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data([0, 0, 0]))
            try handle.close()
            let error = unError { _ = try UNNotificationAttachment(identifier: "m", url: mp4, options: nil) }
            #expect(error?.code == .attachmentCorrupt)
        }
    }
}
