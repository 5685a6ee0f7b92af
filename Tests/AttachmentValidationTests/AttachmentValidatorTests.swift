import Foundation
import Testing

@testable import AttachmentValidation

@Suite("AttachmentValidator")
struct AttachmentValidatorTests {
    @Test("every sample passes with its type and the content type libmagic reads", arguments: Fixtures.samples)
    func sample(file: String, uti: String, mime: String) throws {
        let url = Fixtures.url(file)
        let validated = try AttachmentValidator.validate(fileAt: url)
        #expect(validated.type.identifier == uti)
        #expect(validated.mimeType == mime)
        #expect(validated.contentType.kind == validated.type.kind)
        #expect(validated.size == Int64(try Fixtures.bytes(file).count))
        #expect(validated.url == url)
    }

    @Test("every near miss fails with Apple's code", arguments: Fixtures.nearMisses)
    func nearMiss(file: String, code: Int) {
        let error = validationError(Fixtures.url(file))
        #expect(error?.code == code, "\(error.map { "\($0)" } ?? "passed")")
    }

    @Test("URLs that are not regular readable files are 100")
    func invalidURLs() throws {
        #expect(validationError(URL(string: "https://example.com/a.jpg")!)?.code == 100)
        #expect(validationError(Fixtures.media)?.code == 100)
        #expect(validationError(Fixtures.url("no-such-file.jpg"))?.code == 100)
        #expect(validationError(URL(fileURLWithPath: "/dev/null"))?.code == 100)
        try withTemporaryFolder { folder in
            // A FIFO with a supported extension and no writer: refused at once as not a
            // regular file (a blocking open would hang here forever).
            let fifo = folder.file("pipe.jpg")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            let error = validationError(fifo)
            #expect(error?.code == 100)
            #expect(error?.message.contains("not a regular file") == true, "\(error.map { "\($0)" } ?? "")")
        }
    }

    @Test("a symlink to a sample is followed")
    func symlink() throws {
        try withTemporaryFolder { folder in
            let link = folder.file("link.png")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: Fixtures.url("sample.png"))
            #expect(try AttachmentValidator.validate(fileAt: link).type.identifier == "public.png")
        }
    }

    @Test("the type comes from the hint before the extension")
    func typeHint() throws {
        let png = try AttachmentValidator.validate(fileAt: Fixtures.url("sample.png"), typeHint: "public.jpeg")
        #expect(png.type.identifier == "public.jpeg")
        #expect(png.contentType.identifier == "public.png")
        #expect(validationError(Fixtures.url("sample.jpg"), typeHint: "public.mpeg-4")?.code == 105)
        #expect(validationError(Fixtures.url("sample.jpg"), typeHint: "public.heic")?.code == 101)
        // A hint rescues a file whose extension is unsupported.
        let renamed = try withTemporaryFolder { folder in
            let url = try folder.write(try Fixtures.bytes("sample.gif"), as: "image.bin")
            #expect(validationError(url)?.code == 101)
            return try AttachmentValidator.validate(fileAt: url, typeHint: "com.compuserve.gif")
        }
        #expect(renamed.type.identifier == "com.compuserve.gif")
    }

    @Test("content of the same kind under another extension passes (iOS decodes images by content)")
    func sameKind() throws {
        try withTemporaryFolder { folder in
            let url = try folder.write(try Fixtures.bytes("sample.png"), as: "actually-png.jpg")
            let validated = try AttachmentValidator.validate(fileAt: url)
            #expect(validated.type.identifier == "public.jpeg")
            #expect(validated.contentType.identifier == "public.png")
        }
    }

    @Test(
        "content of another kind than claimed is 105",
        arguments: [
            ("sample.mp3", "x.jpg"), ("sample.jpg", "x.mp4"), ("sample.mp4", "x.wav"), ("sample.wav", "x.gif"),
            ("near-miss.mov", "x.mp4"), ("near-miss.webp", "x.png"), ("near-miss.flac", "x.wav"),
        ])
    func otherKind(fixture: String, name: String) throws {
        try withTemporaryFolder { folder in
            let url = try folder.write(try Fixtures.bytes(fixture), as: name)
            let error = validationError(url)
            #expect(error?.code == 105, "\(error.map { "\($0)" } ?? "passed")")
        }
    }

    /// Samples cut short: libmagic still recognises the head, the structure checks find the cut.
    @Test(
        "a file cut short is 105",
        arguments: [
            "sample.png", "sample.jpg", "sample.gif", "sample.wav", "sample.aiff", "sample.avi", "sample.mp4", "sample.m4a",
        ])
    func truncated(fixture: String) throws {
        let bytes = try Fixtures.bytes(fixture)
        try withTemporaryFolder { folder in
            let name = "cut." + (fixture as NSString).pathExtension
            for keep in [bytes.count / 2, bytes.count - 3] {
                let url = try folder.write(Array(bytes.prefix(keep)), as: name)
                let error = validationError(url)
                #expect(error?.code == 105, "\(fixture) cut to \(keep) bytes: \(error.map { "\($0)" } ?? "passed")")
                #expect(error?.message.contains("cut short") == true, "\(error.map { "\($0)" } ?? "")")
            }
        }
    }

    @Test("a GIF may be padded with zero bytes after its trailer; a JPEG with a few bytes after its end marker")
    func padding() throws {
        try withTemporaryFolder { folder in
            let gif = try folder.write(try Fixtures.bytes("sample.gif") + [0, 0, 0, 0], as: "padded.gif")
            #expect(validationError(gif) == nil)
            let jpeg = try folder.write(try Fixtures.bytes("sample.jpg") + [0, 0], as: "padded.jpg")
            #expect(validationError(jpeg) == nil)
        }
    }

    @Test("MP4 box sizes must add up to the file size")
    func mp4Boxes() throws {
        let mp4 = try Fixtures.bytes("sample.mp4")
        try withTemporaryFolder { folder in
            // A whole free box appended: fine.
            let freeBox: [UInt8] = [0, 0, 0, 16] + Array("free".utf8) + [UInt8](repeating: 0, count: 8)
            #expect(validationError(try folder.write(mp4 + freeBox, as: "a.mp4")) == nil)
            // A box that claims more than the file has.
            var long = freeBox
            long[3] = 17
            let error = validationError(try folder.write(mp4 + long, as: "b.mp4"))
            #expect(error?.code == 105)
            #expect(error?.message.contains("'free'") == true, "\(error.map { "\($0)" } ?? "")")
            // A box with an impossible size.
            var tiny = freeBox
            tiny[3] = 4
            #expect(validationError(try folder.write(mp4 + tiny, as: "c.mp4"))?.code == 105)
            // A last box of size 0 runs to the end of the file.
            var open = freeBox
            open[3] = 0
            #expect(validationError(try folder.write(mp4 + open, as: "d.mp4")) == nil)
            // A 64-bit box size (size field 1, then the size in 8 bytes).
            let large: [UInt8] = [0, 0, 0, 1] + Array("free".utf8) + [0, 0, 0, 0, 0, 0, 0, 24] + [UInt8](repeating: 0, count: 8)
            #expect(validationError(try folder.write(mp4 + large, as: "e.mp4")) == nil)
        }
    }

    @Test("a RIFF or FORM header that declares more than the file has is 105")
    func riffHeaders() throws {
        try withTemporaryFolder { folder in
            var wav = try Fixtures.bytes("sample.wav")
            wav[4] &+= 1  // declares one byte more (little endian)
            #expect(validationError(try folder.write(wav, as: "a.wav"))?.code == 105)
            var aiff = try Fixtures.bytes("sample.aiff")
            aiff[7] &+= 1  // big endian
            #expect(validationError(try folder.write(aiff, as: "a.aiff"))?.code == 105)
        }
    }

    @Test("with options: the option values are checked against the kind")
    func withOptions() throws {
        let gif = Fixtures.url("sample.gif")
        #expect(throws: AttachmentValidationError.self) {
            try AttachmentValidator.validate(fileAt: gif, options: AttachmentOptions(thumbnailTime: .number(0.5)))
        }
        let movie = try AttachmentValidator.validate(
            fileAt: Fixtures.url("sample.mp4"), options: AttachmentOptions(thumbnailTime: .number(0.5)))
        #expect(movie.type.kind == .movie)
        let hinted = try AttachmentValidator.validate(
            fileAt: Fixtures.url("sample.png"), options: AttachmentOptions(typeHint: "public.jpeg"))
        #expect(hinted.type.identifier == "public.jpeg")
    }
}

@Suite("AttachmentOptions.check")
struct AttachmentOptionsCheckTests {
    @Test(
        "clipping rectangles inside the unit square pass",
        arguments: [
            ClippingRect(x: 0, y: 0, width: 1, height: 1), ClippingRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5),
            ClippingRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4),
        ])
    func inside(rect: ClippingRect) {
        #expect(throws: Never.self) { try AttachmentOptions(thumbnailClippingRect: rect).check(for: .image) }
    }

    @Test(
        "clipping rectangles outside the unit square are 105",
        arguments: [
            ClippingRect(x: -0.01, y: 0, width: 0.5, height: 0.5), ClippingRect(x: 0, y: 0, width: 1.01, height: 1),
            ClippingRect(x: 0.6, y: 0, width: 0.5, height: 1), ClippingRect(x: 0, y: 0, width: 0, height: 1),
            ClippingRect(x: 0, y: 0, width: 1, height: -1), ClippingRect(x: .nan, y: 0, width: 0.5, height: 0.5),
            ClippingRect(x: 0, y: 0, width: .infinity, height: 0.5),
        ])
    func outside(rect: ClippingRect) {
        let error = #expect(throws: AttachmentValidationError.self) {
            try AttachmentOptions(thumbnailClippingRect: rect).check(for: .movie)
        }
        #expect(error?.code == 105)
        #expect(error?.message.contains("ThumbnailClippingRect") == true)
    }

    @Test(
        "thumbnail times",
        arguments: [
            (ThumbnailTime.number(0), AttachmentKind.image, true),
            (.number(3), .image, true),
            (.number(2.5), .image, false),
            (.number(-1), .image, false),
            (.number(2.5), .movie, true),
            (.number(-0.1), .movie, false),
            (.number(.nan), .movie, false),
            (.number(.infinity), .movie, false),
            (.cmTime(value: 30, timescale: 600), .movie, true),
            (.cmTime(value: -30, timescale: 600), .movie, false),
            (.cmTime(value: 30, timescale: 0), .movie, false),
            (.number(1), .audio, true),
        ])
    func thumbnailTime(time: ThumbnailTime, kind: AttachmentKind, passes: Bool) {
        let result = Result { () throws(AttachmentValidationError) in try AttachmentOptions(thumbnailTime: time).check(for: kind) }
        switch result {
        case .success: #expect(passes, "\(time) for \(kind) passed")
        case .failure(let error):
            #expect(!passes, "\(time) for \(kind): \(error)")
            #expect(error.code == 105)
            #expect(error.message.contains("ThumbnailTime"))
        }
    }

    @Test("ThumbnailTime.value gives seconds")
    func thumbnailTimeValue() {
        #expect(ThumbnailTime.number(1.5).value == 1.5)
        #expect(ThumbnailTime.cmTime(value: 300, timescale: 600).value == 0.5)
        #expect(ThumbnailTime.cmTime(value: 1, timescale: 0).value == 0)
    }

    @Test("options survive Codable")
    func codable() throws {
        let options = AttachmentOptions(
            typeHint: "public.png", thumbnailHidden: true,
            thumbnailClippingRect: ClippingRect(x: 0, y: 0, width: 0.5, height: 0.5),
            thumbnailTime: .cmTime(value: 1, timescale: 30))
        let data = try JSONEncoder().encode(options)
        #expect(try JSONDecoder().decode(AttachmentOptions.self, from: data) == options)
        #expect(!options.isEmpty)
        #expect(AttachmentOptions().isEmpty)
    }
}
