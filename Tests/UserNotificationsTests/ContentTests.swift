import Foundation
import NSESimRuntime
import Testing

@testable import AttachmentValidation
@_spi(NSESim) @testable import UserNotifications

/// Content with every property set to something other than its default.
func makeFullContent() throws -> UNMutableNotificationContent {
    let content = UNMutableNotificationContent()
    content.title = "Title ✓"
    content.subtitle = "Subtitle"
    content.body = "Body with \"quotes\", a / slash and a\nnew line"
    content.badge = 7
    content.sound = .criticalSoundNamed(UNNotificationSoundName("alarm.caf"), withAudioVolume: 0.3)
    content.categoryIdentifier = "MESSAGE"
    content.threadIdentifier = "thread-1"
    content.targetContentIdentifier = "window-2"
    content.interruptionLevel = .timeSensitive
    content.relevanceScore = 0.75
    content.launchImageName = "Launch.png"
    content.filterCriteria = "work"
    content.summaryArgument = "Ann"
    content.summaryArgumentCount = 3
    content.userInfo = [
        "aps": ["alert": ["title": "T", "body": "B"], "mutable-content": 1, "badge": 7] as [String: Any],
        "flag": true,
        "off": false,
        "one": 1,
        "zero": 0,
        "ratio": 0.5,
        "negative": -12,
        "text": "1",
        "nothing": NSNull(),
        "nested": [
            "list": [1, true, "two", 3.5, ["deep": false] as [String: Any], [] as [Any]] as [Any],
            "empty": [String: Any](),
        ] as [String: Any],
    ]
    content.attachments = [
        try UNNotificationAttachment(
            identifier: "image", url: Fixtures.url("sample.png"),
            options: [
                UNNotificationAttachmentOptionsTypeHintKey: "public.png",
                UNNotificationAttachmentOptionsThumbnailHiddenKey: true,
                UNNotificationAttachmentOptionsThumbnailClippingRectKey: CGRect(x: 0.25, y: 0, width: 0.5, height: 1)
                    .dictionaryRepresentation,
            ]),
        try UNNotificationAttachment(
            identifier: "movie", url: Fixtures.url("sample.mp4"),
            options: [
                UNNotificationAttachmentOptionsThumbnailTimeKey: ["value": 1, "timescale": 10] as [String: Any]
            ]),
        try UNNotificationAttachment(
            identifier: "clip", url: Fixtures.url("sample.avi"),
            options: [
                UNNotificationAttachmentOptionsThumbnailTimeKey: 0.1
            ]),
        try UNNotificationAttachment(identifier: "plain", url: Fixtures.url("sample.wav"), options: nil),
    ]
    return content
}

/// content → JSON text → JSONValue → content.
func roundTrip(_ content: UNNotificationContent) throws -> UNMutableNotificationContent {
    let text = content.jsonValue.serialized()
    return try UNNotificationContent.fromJSON(try JSONValue.parse(text))
}

@Suite("UNNotificationContent, UNMutableNotificationContent, UNNotificationRequest")
struct ContentCopyTests {
    @Test("mutableCopy of the request's content is an independent UNMutableNotificationContent")
    func mutableCopyIsIndependent() throws {
        let original = try makeFullContent()
        let request = UNNotificationRequest(identifier: "r", content: original, trigger: UNPushNotificationTrigger())
        let requestJSON = request.content.jsonValue

        let copy = try #require(request.content.mutableCopy() as? UNMutableNotificationContent)
        #expect(copy == request.content)
        #expect(copy !== request.content)

        copy.title = "changed"
        copy.body = "changed"
        copy.badge = 99
        copy.sound = .default
        copy.interruptionLevel = .passive
        copy.relevanceScore = 0
        copy.filterCriteria = nil
        copy.targetContentIdentifier = nil
        copy.userInfo["flag"] = false
        copy.userInfo["added"] = "x"
        copy.attachments.removeAll()

        #expect(request.content.jsonValue == requestJSON, "the request's content did not change")
        #expect(request.content.title == "Title ✓")
        #expect(request.content.userInfo["flag"] as? Bool == true)
        #expect(request.content.userInfo["added"] == nil)
        #expect(request.content.attachments.count == 4)
        #expect(original.title == "Title ✓", "the original did not change")
        #expect(original.attachments.count == 4)
        #expect(copy != request.content)
    }

    @Test("a mutable copy of a mutable copy is independent of both")
    func copyOfCopy() throws {
        let first = try makeFullContent()
        let second = try #require(first.mutableCopy() as? UNMutableNotificationContent)
        second.title = "second"
        let third = try #require(second.mutableCopy() as? UNMutableNotificationContent)
        third.title = "third"
        #expect(first.title == "Title ✓")
        #expect(second.title == "second")
        #expect(third.title == "third")
    }

    @Test("copy() gives an immutable UNNotificationContent with equal values")
    func immutableCopy() throws {
        let mutable = try makeFullContent()
        let copy = try #require(mutable.copy() as? UNNotificationContent)
        #expect(type(of: copy) == UNNotificationContent.self)
        #expect(!(copy is UNMutableNotificationContent))
        #expect(copy == mutable)
        mutable.title = "later"
        #expect(copy.title == "Title ✓", "the copy does not follow the mutable content")
    }

    @Test("the request keeps its own copy of the content passed in")
    func requestCopiesContent() throws {
        let content = try makeFullContent()
        let request = UNNotificationRequest(identifier: "id-1", content: content, trigger: nil)
        #expect(request.identifier == "id-1")
        #expect(request.trigger == nil)
        #expect(request.content !== content)
        #expect(!(request.content is UNMutableNotificationContent), "the request's content is immutable")
        content.title = "changed after the request was made"
        content.userInfo = [:]
        #expect(request.content.title == "Title ✓")
        #expect(request.content.userInfo["one"] as? Int == 1)
    }

    @Test("a push trigger does not repeat")
    func pushTrigger() {
        let request = UNNotificationRequest(identifier: "p", content: UNNotificationContent(), trigger: UNPushNotificationTrigger())
        #expect(request.trigger is UNPushNotificationTrigger)
        #expect(request.trigger?.repeats == false)
    }

    @Test("new content has Apple's defaults")
    func defaults() {
        let content = UNNotificationContent()
        #expect(content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty)
        #expect(content.badge == nil)
        #expect(content.sound == nil)
        #expect(content.attachments.isEmpty)
        #expect(content.userInfo.isEmpty)
        #expect(content.targetContentIdentifier == nil)
        #expect(content.filterCriteria == nil)
        #expect(content.interruptionLevel == .active)
        #expect(content.relevanceScore == 0)
        #expect(content.summaryArgumentCount == 0)
    }
}

@Suite("UNNotificationContent JSON")
struct ContentJSONTests {
    @Test("every property round-trips through JSON text")
    func fullRoundTrip() throws {
        let content = try makeFullContent()
        let back = try roundTrip(content)
        #expect(back == content)
        #expect(back.jsonValue == content.jsonValue)
        #expect(back.title == content.title)
        #expect(back.subtitle == content.subtitle)
        #expect(back.body == content.body)
        #expect(back.badge == 7)
        #expect(back.sound == content.sound)
        #expect(back.sound?.isCritical == true)
        #expect(back.sound?.audioVolume == 0.3)
        #expect(back.sound?.soundName?.rawValue == "alarm.caf")
        #expect(back.categoryIdentifier == "MESSAGE")
        #expect(back.threadIdentifier == "thread-1")
        #expect(back.targetContentIdentifier == "window-2")
        #expect(back.interruptionLevel == .timeSensitive)
        #expect(back.relevanceScore == 0.75)
        #expect(back.launchImageName == "Launch.png")
        #expect(back.filterCriteria == "work")
        #expect(back.summaryArgument == "Ann")
        #expect(back.summaryArgumentCount == 3)
        #expect(back.attachments.count == 4)
        for (restored, original) in zip(back.attachments, content.attachments) {
            #expect(restored.identifier == original.identifier)
            #expect(restored.url.path == original.url.path)
            #expect(restored.type == original.type)
            #expect(restored.options == original.options)
        }
        #expect(back.attachments[0].options.thumbnailHidden == true)
        #expect(back.attachments[1].options.thumbnailTime == .cmTime(value: 1, timescale: 10))
        #expect(back.attachments[2].options.thumbnailTime == .number(0.1))
        #expect(back.attachments[3].options.isEmpty)
        // A second trip gives the same text.
        #expect(try roundTrip(back).jsonValue.serialized() == content.jsonValue.serialized())
    }

    @Test("userInfo keeps booleans apart from numbers, and integers apart from doubles")
    func userInfoTypes() throws {
        let back = try roundTrip(try makeFullContent())
        let info = try #require(JSONValue(foundation: back.userInfo))
        #expect(info["flag"] == .bool(true))
        #expect(info["off"] == .bool(false))
        #expect(info["one"] == .integer(1))
        #expect(info["zero"] == .integer(0))
        #expect(info["negative"] == .integer(-12))
        #expect(info["ratio"] == .double(0.5))
        #expect(info["text"] == .string("1"))
        #expect(info["nothing"] == .null)
        #expect(info["aps"]?["mutable-content"] == .integer(1))
        #expect(info["aps"]?["alert"]?["title"] == .string("T"))
        #expect(
            info["nested"]?["list"]
                == .array([
                    .integer(1), .bool(true), .string("two"), .double(3.5), .object(["deep": .bool(false)]), .array([]),
                ]))
        #expect(info["nested"]?["empty"] == .object([:]))
        // The Foundation values an extension reads are Swift's own types.
        #expect(back.userInfo["flag"] as? Bool == true)
        #expect(back.userInfo["one"] as? Int == 1)
        #expect(back.userInfo["ratio"] as? Double == 0.5)
        #expect(back.userInfo["text"] as? String == "1")
        #expect(back.userInfo["nothing"] is NSNull)
    }

    @Test("a whole Double in userInfo comes back as a number of the same value")
    func wholeDouble() throws {
        let content = UNMutableNotificationContent()
        content.userInfo = ["whole": 2.0, "price": 19.0]
        let back = try roundTrip(content)
        let info = try #require(JSONValue(foundation: back.userInfo))
        #expect(info["whole"]?.numberValue == 2)
        #expect(info["price"]?.numberValue == 19)
        // JSONEncoder writes 2.0 as `2` and JSONValue reads `2` (and `2.0`) as an integer,
        // so the value comes back as a Swift Int, and `as? Double` (which works on iOS,
        // where userInfo numbers are NSNumbers) gives nil.
        // Numbers are NSNumbers in userInfo, as on iOS: a whole number reads as Double and Int.
        #expect(back.userInfo["whole"] as? Double == 2.0)
        #expect(back.userInfo["whole"] as? Int == 2)
    }

    @Test("userInfo written with Foundation objects keeps booleans apart from numbers")
    func userInfoFoundationObjects() throws {
        let content = UNMutableNotificationContent()
        content.userInfo = [
            "yes": NSNumber(value: true), "one": NSNumber(value: 1), "zero": NSNumber(value: 0),
            "half": NSNumber(value: 0.5), "string": NSString(string: "s"),
            "array": NSArray(array: [NSNumber(value: 2)]),
        ]
        let info = try #require(JSONValue(foundation: try roundTrip(content).userInfo))
        #expect(info["yes"] == .bool(true))
        #expect(info["one"] == .integer(1))
        #expect(info["zero"] == .integer(0))
        #expect(info["half"] == .double(0.5))
        #expect(info["string"] == .string("s"))
        #expect(info["array"] == .array([.integer(2)]))
    }

    static let sounds: [String] = ["nil", "default", "named", "defaultCritical", "criticalVolume", "namedCriticalVolume", "ringtone"]

    @Test("every kind of sound round-trips", arguments: sounds)
    func soundRoundTrip(kind: String) throws {
        let content = UNMutableNotificationContent()
        content.sound =
            switch kind {
            case "nil": nil
            case "default": .default
            case "named": UNNotificationSound(named: UNNotificationSoundName("bell.aiff"))
            case "defaultCritical": .defaultCritical
            case "criticalVolume": .defaultCriticalSound(withAudioVolume: 0.1)
            case "namedCriticalVolume": .criticalSoundNamed(UNNotificationSoundName("siren.caf"), withAudioVolume: 1)
            default: .ringtoneSoundNamed(UNNotificationSoundName("ring.caf"))
            }
        let back = try roundTrip(content)
        #expect(back.sound == content.sound)
        #expect(back == content)
    }

    @Test("every interruption level round-trips", arguments: UNNotificationInterruptionLevel.allCases)
    func interruptionLevelRoundTrip(level: UNNotificationInterruptionLevel) throws {
        let content = UNMutableNotificationContent()
        content.interruptionLevel = level
        #expect(try roundTrip(content).interruptionLevel == level)
    }

    @Test("badge 0 (clear the badge) and no badge are different", arguments: [nil, 0, 1, 1_000] as [Int?])
    func badgeRoundTrip(badge: Int?) throws {
        let content = UNMutableNotificationContent()
        content.badge = badge.map { NSNumber(value: $0) }
        let back = try roundTrip(content)
        #expect(back.badge?.intValue == badge)
    }

    @Test("absent keys keep the defaults")
    func emptyObject() throws {
        let content = try UNNotificationContent.fromJSON(.object([:]))
        #expect(content == UNNotificationContent())
    }

    @Test("the APNs spelling of an interruption level is read too")
    func apnsInterruptionLevel() throws {
        let content = try UNNotificationContent.fromJSON(.object(["interruptionLevel": .string("time-sensitive")]))
        #expect(content.interruptionLevel == .timeSensitive)
    }

    static let wrongTypes: [(json: String, path: String)] = [
        (#"[]"#, "content"),
        (#"{"title": 1}"#, "content.title"),
        (#"{"subtitle": true}"#, "content.subtitle"),
        (#"{"body": ["b"]}"#, "content.body"),
        (#"{"badge": "3"}"#, "content.badge"),
        (#"{"badge": 1.5}"#, "content.badge"),
        (#"{"sound": "default"}"#, "content.sound"),
        (#"{"sound": {"name": 5}}"#, "content.sound.name"),
        (#"{"sound": {"critical": 1}}"#, "content.sound.critical"),
        (#"{"sound": {"volume": "loud"}}"#, "content.sound.volume"),
        (#"{"sound": {"ringtone": "no"}}"#, "content.sound.ringtone"),
        (#"{"categoryIdentifier": 2}"#, "content.categoryIdentifier"),
        (#"{"threadIdentifier": {}}"#, "content.threadIdentifier"),
        (#"{"targetContentIdentifier": 3}"#, "content.targetContentIdentifier"),
        (#"{"interruptionLevel": 2}"#, "content.interruptionLevel"),
        (#"{"interruptionLevel": "urgent"}"#, "content.interruptionLevel"),
        (#"{"relevanceScore": "high"}"#, "content.relevanceScore"),
        (#"{"launchImageName": false}"#, "content.launchImageName"),
        (#"{"filterCriteria": true}"#, "content.filterCriteria"),
        (#"{"summaryArgument": 1}"#, "content.summaryArgument"),
        (#"{"summaryArgumentCount": 2.5}"#, "content.summaryArgumentCount"),
        (#"{"summaryArgumentCount": "2"}"#, "content.summaryArgumentCount"),
        (#"{"userInfo": []}"#, "content.userInfo"),
        (#"{"attachments": {}}"#, "content.attachments"),
        (#"{"attachments": [5]}"#, "content.attachments[0]"),
        (#"{"attachments": [{"url": "file:///a.jpg"}, {"url": 5}]}"#, "content.attachments[1].url"),
        (#"{"attachments": [{"url": "file:///a.jpg", "identifier": 1}]}"#, "content.attachments[0].identifier"),
        (#"{"attachments": [{"url": "file:///a.jpg", "type": []}]}"#, "content.attachments[0].type"),
        (#"{"attachments": [{"url": "file:///a.jpg", "options": []}]}"#, "content.attachments[0].options"),
        (#"{"attachments": [{"url": "file:///a.jpg", "options": {"typeHint": 1}}]}"#, "content.attachments[0].options.typeHint"),
        (
            #"{"attachments": [{"url": "file:///a.jpg", "options": {"thumbnailHidden": "yes"}}]}"#,
            "content.attachments[0].options.thumbnailHidden"
        ),
        (
            #"{"attachments": [{"url": "file:///a.jpg", "options": {"thumbnailClippingRect": {"x": "0"}}}]}"#,
            "content.attachments[0].options.thumbnailClippingRect.x"
        ),
        (
            #"{"attachments": [{"url": "file:///a.jpg", "options": {"thumbnailTime": "soon"}}]}"#,
            "content.attachments[0].options.thumbnailTime"
        ),
        (
            #"{"attachments": [{"url": "file:///a.jpg", "options": {"thumbnailTime": {"value": 1.5, "timescale": 1}}}]}"#,
            "content.attachments[0].options.thumbnailTime.value"
        ),
    ]

    @Test("a value of the wrong type is a JSONTypeError naming the key path", arguments: wrongTypes)
    func wrongType(json: String, path: String) throws {
        let value = try JSONValue.parse(Data(json.utf8))
        do throws(JSONTypeError) {
            let content = try UNNotificationContent.fromJSON(value)
            Issue.record("accepted: \(content)")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.description.hasPrefix(path + ":"), "\(error)")
            #expect(!error.expected.isEmpty && !error.found.isEmpty)
        }
    }

    @Test("JSONValue.parse refuses text that is not JSON")
    func syntaxError() {
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Data("{\"title\": ".utf8)) }
    }

    @Test("JSONValue keeps 1, \"1\" and true apart through text")
    func jsonScalars() throws {
        let value = try JSONValue.parse(Data(#"{"a": 1, "b": "1", "c": true, "d": 1.5, "e": null, "f": 0, "g": false}"#.utf8))
        #expect(
            value
                == .object([
                    "a": .integer(1), "b": .string("1"), "c": .bool(true), "d": .double(1.5),
                    "e": .null, "f": .integer(0), "g": .bool(false),
                ]))
        #expect(try JSONValue.parse(value.serialized()) == value)
    }
}
