import Foundation
import NSESimRuntime
import Testing

@testable import AttachmentValidation
@_spi(NSESim) @testable import UserNotifications

/// The `UNNotificationAttachmentOptions*Key` values (docs/behaviour.md#attachment-options).
@Suite("UNNotificationAttachment options")
struct AttachmentOptionsTests {
    func attach(_ fixture: String, _ options: [AnyHashable: Any]) throws -> UNNotificationAttachment {
        try UNNotificationAttachment(identifier: "o", url: Fixtures.url(fixture), options: options)
    }

    func refusal(
        _ fixture: String, _ options: [AnyHashable: Any],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> UNError? {
        unError(sourceLocation: sourceLocation) { _ = try attach(fixture, options) }
    }

    // MARK: ThumbnailClippingRect

    static let insideRects: [(Double, Double, Double, Double)] = [
        (0, 0, 1, 1), (0.25, 0.25, 0.5, 0.5), (0.5, 0, 0.5, 1), (0, 0.9, 0.1, 0.1),
    ]

    @Test("a clipping rectangle inside the unit square is accepted", arguments: insideRects)
    func clippingRectInside(rect: (Double, Double, Double, Double)) throws {
        let cgRect = CGRect(x: rect.0, y: rect.1, width: rect.2, height: rect.3)
        let attachment = try attach(
            "sample.jpg", [UNNotificationAttachmentOptionsThumbnailClippingRectKey: cgRect.dictionaryRepresentation])
        #expect(attachment.options.thumbnailClippingRect == ClippingRect(x: rect.0, y: rect.1, width: rect.2, height: rect.3))
    }

    static let outsideRects: [(Double, Double, Double, Double)] = [
        (0.5, 0.5, 0.75, 0.25), (0, 0, 1.5, 1), (-0.1, 0, 0.5, 0.5), (0, -0.1, 0.5, 0.5),
        (0, 0, 0, 0.5), (0, 0, 0.5, 0), (0, 0, -0.5, 0.5), (0, 0.5, 0.5, 0.6), (0, 0, 64, 48),
    ]

    @Test("a clipping rectangle outside the unit square is attachmentCorrupt", arguments: outsideRects)
    func clippingRectOutside(rect: (Double, Double, Double, Double)) throws {
        let cgRect = CGRect(x: rect.0, y: rect.1, width: rect.2, height: rect.3)
        let error = refusal("sample.jpg", [UNNotificationAttachmentOptionsThumbnailClippingRectKey: cgRect.dictionaryRepresentation])
        #expect(error?.code == .attachmentCorrupt)
        #expect(error?.message.contains("ThumbnailClippingRect") == true, "\(error?.message ?? "")")
    }

    @Test("a clipping rectangle as a Swift dictionary of X, Y, Width, Height is read too")
    func clippingRectSwiftDictionary() throws {
        let rect: [String: Any] = ["X": 0.1, "Y": 0.2, "Width": 0.3, "Height": 0.4]
        let attachment = try attach("sample.png", [UNNotificationAttachmentOptionsThumbnailClippingRectKey: rect])
        #expect(attachment.options.thumbnailClippingRect == ClippingRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
    }

    @Test("CGRect.dictionaryRepresentation round-trips through CGRect(dictionaryRepresentation:)")
    func cgRectDictionary() throws {
        let rect = CGRect(x: 0.125, y: 0.25, width: 0.5, height: 0.625)
        let dictionary = rect.dictionaryRepresentation
        #expect(Set(dictionary.allKeys.compactMap { $0 as? String }) == ["X", "Y", "Width", "Height"])
        #expect(CGRect(dictionaryRepresentation: dictionary) == rect)
        #expect(CGRect(dictionaryRepresentation: NSDictionary(dictionary: ["X": 1])) == nil)
    }

    // MARK: ThumbnailTime

    @Test(
        "a negative thumbnail time is attachmentCorrupt",
        arguments: [
            ("sample.mp4", -1.0), ("sample.gif", -1.0), ("sample.mp4", -0.5), ("sample.m4a", -2.0),
        ])
    func negativeThumbnailTime(fixture: String, time: Double) throws {
        let error = refusal(fixture, [UNNotificationAttachmentOptionsThumbnailTimeKey: time])
        #expect(error?.code == .attachmentCorrupt)
        #expect(error?.message.contains("ThumbnailTime") == true, "\(error?.message ?? "")")
    }

    @Test("an image's thumbnail time is a whole frame number")
    func imageFrameNumber() throws {
        let error = refusal("sample.gif", [UNNotificationAttachmentOptionsThumbnailTimeKey: 1.5])
        #expect(error?.code == .attachmentCorrupt)
        #expect(error?.message.contains("frame") == true, "\(error?.message ?? "")")

        let frame = try attach("sample.gif", [UNNotificationAttachmentOptionsThumbnailTimeKey: 1])
        #expect(frame.options.thumbnailTime == .number(1))
        let wholeDouble = try attach("sample.gif", [UNNotificationAttachmentOptionsThumbnailTimeKey: 2.0])
        #expect(wholeDouble.options.thumbnailTime == .number(2))
        let zero = try attach("sample.jpg", [UNNotificationAttachmentOptionsThumbnailTimeKey: 0])
        #expect(zero.options.thumbnailTime == .number(0))
    }

    @Test("a movie's thumbnail time in seconds may be fractional", arguments: ["sample.mp4", "sample.avi", "sample.mpg"])
    func movieSeconds(fixture: String) throws {
        let attachment = try attach(fixture, [UNNotificationAttachmentOptionsThumbnailTimeKey: 0.1])
        #expect(attachment.options.thumbnailTime == .number(0.1))
        let number = try attach(fixture, [UNNotificationAttachmentOptionsThumbnailTimeKey: NSNumber(value: 2.5)])
        #expect(number.options.thumbnailTime == .number(2.5))
    }

    @Test("a CMTime dictionary is accepted as a movie's thumbnail time")
    func cmTime() throws {
        // CMTimeCopyAsDictionary gives value, timescale, flags and epoch.
        let time: [String: Any] = ["value": 150, "timescale": 600, "flags": 1, "epoch": 0]
        let attachment = try attach("sample.mp4", [UNNotificationAttachmentOptionsThumbnailTimeKey: time])
        #expect(attachment.options.thumbnailTime == .cmTime(value: 150, timescale: 600))
        #expect(attachment.options.thumbnailTime?.value == 0.25)

        let foundation = NSDictionary(dictionary: ["value": NSNumber(value: 3), "timescale": NSNumber(value: 1)])
        let fromNS = try attach("sample.m4v", [UNNotificationAttachmentOptionsThumbnailTimeKey: foundation])
        #expect(fromNS.options.thumbnailTime == .cmTime(value: 3, timescale: 1))
    }

    @Test(
        "a CMTime with a negative value or a timescale of 0 is attachmentCorrupt",
        arguments: [
            (-1, 600), (10, 0), (10, -600),
        ])
    func badCMTime(value: Int, timescale: Int) throws {
        let time: [String: Any] = ["value": value, "timescale": timescale, "flags": 1, "epoch": 0]
        let error = refusal("sample.mp4", [UNNotificationAttachmentOptionsThumbnailTimeKey: time])
        #expect(error?.code == .attachmentCorrupt)
        #expect(error?.message.contains("ThumbnailTime") == true, "\(error?.message ?? "")")
    }

    // MARK: ThumbnailHidden

    @Test("ThumbnailHidden takes a Bool", arguments: [true, false])
    func thumbnailHidden(hidden: Bool) throws {
        let attachment = try attach("sample.png", [UNNotificationAttachmentOptionsThumbnailHiddenKey: hidden])
        #expect(attachment.options.thumbnailHidden == hidden)
        let number = try attach("sample.png", [UNNotificationAttachmentOptionsThumbnailHiddenKey: NSNumber(value: hidden)])
        #expect(number.options.thumbnailHidden == hidden)
    }

    // MARK: Wrong value types

    static let wrongTypes: [(key: String, name: String, value: String)] = [
        (UNNotificationAttachmentOptionsTypeHintKey, "TypeHint", "number"),
        (UNNotificationAttachmentOptionsThumbnailHiddenKey, "ThumbnailHidden", "string"),
        (UNNotificationAttachmentOptionsThumbnailClippingRectKey, "ThumbnailClippingRect", "string"),
        (UNNotificationAttachmentOptionsThumbnailClippingRectKey, "ThumbnailClippingRect", "incomplete-rect"),
        (UNNotificationAttachmentOptionsThumbnailTimeKey, "ThumbnailTime", "string"),
        (UNNotificationAttachmentOptionsThumbnailTimeKey, "ThumbnailTime", "array"),
    ]

    @Test("a value of the wrong type is refused with a message naming the option", arguments: wrongTypes)
    func wrongValueType(key: String, name: String, value: String) throws {
        let wrong: Any =
            switch value {
            case "number": 42
            case "string": "yes"
            case "incomplete-rect": ["X": 0, "Y": 0] as [String: Any]
            default: [1, 2]
            }
        let error = refusal("sample.jpg", [key: wrong])
        #expect(error != nil)
        #expect((error.map { $0 as NSError })?.domain == UNErrorDomain)
        #expect(error?.message.contains(name) == true, "\(error?.message ?? "")")
    }

    @Test("keys iOS does not know are ignored")
    func unknownKeys() throws {
        let attachment = try attach("sample.jpg", ["SomethingElse": 1, 7: "seven"])
        #expect(attachment.options.isEmpty)
    }

    @Test("all options together")
    func allOptions() throws {
        let attachment = try attach(
            "sample.gif",
            [
                UNNotificationAttachmentOptionsTypeHintKey: "com.compuserve.gif",
                UNNotificationAttachmentOptionsThumbnailHiddenKey: false,
                UNNotificationAttachmentOptionsThumbnailClippingRectKey: CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
                    .dictionaryRepresentation,
                UNNotificationAttachmentOptionsThumbnailTimeKey: 3,
            ])
        #expect(
            attachment.options
                == AttachmentOptions(
                    typeHint: "com.compuserve.gif", thumbnailHidden: false,
                    thumbnailClippingRect: ClippingRect(x: 0, y: 0, width: 0.5, height: 0.5), thumbnailTime: .number(3)))
    }
}
