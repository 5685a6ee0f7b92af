import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimPayload

/// docs/behaviour.md#aps-keys-and-content: each aps key sets its UNNotificationContent property.
@Suite("aps keys map to UNNotificationContent")
struct ContentMappingTests {
    @Test("alert as a string is the body")
    func alertString() throws {
        let parsed = try parseFixture("alert-string.json")
        #expect(parsed.content.body == "Your order has shipped")
        #expect(parsed.content.title == "")
        #expect(parsed.content.subtitle == "")
        #expect(parsed.warnings.isEmpty)
    }

    @Test("alert dictionary: title, subtitle, body")
    func alertDictionary() throws {
        let parsed = try parseFixture("alert-mutable.json")
        #expect(parsed.content.title == "New message")
        #expect(parsed.content.subtitle == "From Alice")
        #expect(parsed.content.body == "Are we still on for lunch?")
        #expect(parsed.content.badge == NSNumber(value: 3))
        #expect(parsed.content.threadIdentifier == "chat-42")
        #expect(parsed.content.categoryIdentifier == "MESSAGE")
        let sound = try #require(parsed.content.sound)
        #expect(sound.soundName == nil)
        #expect(!sound.isCritical)
        #expect(parsed.warnings.isEmpty)
    }

    @Test("alert.launch-image is launchImageName; summary-arg and summary-arg-count")
    func launchImageAndSummary() throws {
        let parsed = try parseFixture("launch-image-summary.json")
        #expect(parsed.content.launchImageName == "Launch.png")
        #expect(parsed.content.summaryArgument == "Family")
        #expect(parsed.content.summaryArgumentCount == 3)
        #expect(parsed.content.badge == NSNumber(value: 0))
    }

    @Test("loc keys with args are localized from the strings file, %@ and %n$@ substituted")
    func locKeysWithStrings() throws {
        let parsed = try parseFixture("loc-keys.json", options(strings: stringsFixture))
        #expect(parsed.content.title == "Message from Alice")
        #expect(parsed.content.subtitle == "Team · Lunch")
        #expect(parsed.content.body == "Alice sent you 3 photos")
        #expect(parsed.gate.invoked)
    }

    @Test("a loc key missing from the table shows the key itself")
    func locKeyMissingFromTable() throws {
        let parsed = try parseFixture("loc-key-missing.json", options(strings: stringsFixture))
        #expect(parsed.content.body == "NOT_IN_THE_TABLE")
    }

    @Test("without a strings file every loc key shows itself, arguments still substituted")
    func locKeysWithoutStrings() throws {
        let parsed = try parseFixture("loc-keys.json")
        #expect(parsed.content.title == "NEW_MESSAGE_TITLE")
        #expect(parsed.content.subtitle == "NEW_MESSAGE_SUBTITLE")
        #expect(parsed.content.body == "NEW_MESSAGE_BODY")
    }

    @Test("the loc key wins over the plain text; %% is a percent sign")
    func locKeyOverPlainText() throws {
        let parsed = try parse(
            #"{"aps":{"alert":{"title":"plain","title-loc-key":"PLAIN_BODY","body":"b"}}}"#,
            options(strings: stringsFixture))
        #expect(parsed.content.title == "100% done")
        #expect(parsed.content.body == "b")
    }

    @Test("a strings file that does not exist is a missing file (exit 66)")
    func missingStringsFile() {
        let error = fixtureError("loc-keys.json", options(strings: URL(fileURLWithPath: "/nonexistent/Localizable.strings")))
        #expect(error == .fileMissing(path: "/nonexistent/Localizable.strings"))
        #expect(error?.exitStatus == .missingFile)
    }

    @Test("a strings file that cannot be parsed is a clear error naming the line (exit 65)")
    func malformedStringsFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-\(UUID().uuidString).strings")
        try Data("\"A\" = \"a\";\n\"B\" = \"b\"\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = fixtureError("loc-keys.json", options(strings: url))
        guard case .badStrings(let message)? = error else {
            Issue.record("expected badStrings, got \(String(describing: error))")
            return
        }
        #expect(message.contains(url.path))
        #expect(message.contains(":2:") || message.contains(":3:"))
        #expect(error?.exitStatus == .badInput)
    }

    @Test(
        "badge: 0 clears, a positive number is kept, absent is nil",
        arguments: [
            (#"{"aps":{"badge":0}}"#, 0 as Int?),
            (#"{"aps":{"badge":12}}"#, 12),
            (#"{"aps":{"badge":5.0}}"#, 5),
            (#"{"aps":{"alert":"x"}}"#, nil),
        ])
    func badge(json: String, expected: Int?) throws {
        let parsed = try parse(json)
        #expect(parsed.content.badge?.intValue == expected)
    }

    @Test("a negative badge is refused")
    func negativeBadge() {
        let error = parseError(#"{"aps":{"badge":-1}}"#)
        guard case .wrongType(_, let key, let expected, let found)? = error else {
            Issue.record("expected wrongType, got \(String(describing: error))")
            return
        }
        #expect(key == "aps.badge")
        #expect(expected.contains("whole number"))
        #expect(found.contains("-1"))
    }

    @Test("sound as a string names a file; \"default\" is the default sound")
    func soundString() throws {
        let named = try #require(try parseFixture("sound-only.json").content.sound)
        #expect(named.soundName == UNNotificationSoundName("chime.caf"))
        #expect(!named.isCritical)
        #expect(named.audioVolume == nil)

        let standard = try #require(try parse(#"{"aps":{"alert":"x","sound":"default"}}"#).content.sound)
        #expect(standard.soundName == nil)
        #expect(standard == UNNotificationSound.default)
    }

    @Test("sound dictionary with critical 1, name and volume keeps the critical form")
    func criticalSound() throws {
        let parsed = try parseFixture("critical-sound.json")
        let sound = try #require(parsed.content.sound)
        #expect(sound.isCritical)
        #expect(sound.soundName == UNNotificationSoundName("alarm.caf"))
        #expect(sound.audioVolume == Float(0.8))
        #expect(sound == UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("alarm.caf"), withAudioVolume: 0.8))
        #expect(parsed.content.interruptionLevel == .critical)
    }

    @Test(
        "sound dictionary forms",
        arguments: [
            (#"{"critical":1}"#, UNNotificationSound.defaultCritical),
            (#"{"critical":1,"volume":0.5}"#, UNNotificationSound.defaultCriticalSound(withAudioVolume: 0.5)),
            (#"{"critical":1,"name":"a.caf"}"#, UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("a.caf"))),
            (#"{"name":"a.caf"}"#, UNNotificationSound(named: UNNotificationSoundName("a.caf"))),
            (#"{"name":"default","critical":0}"#, UNNotificationSound.default),
        ])
    func soundDictionary(sound: String, expected: UNNotificationSound) throws {
        let parsed = try parse(#"{"aps":{"alert":"x","sound":\#(sound)}}"#)
        #expect(parsed.content.sound == expected)
    }

    @Test("a critical volume outside 0...1 is clamped with a warning")
    func soundVolumeOutOfRange() throws {
        let parsed = try parse(#"{"aps":{"alert":"x","sound":{"critical":1,"volume":1.5}}}"#)
        #expect(parsed.content.sound?.audioVolume == 1)
        #expect(parsed.warningCodes == [.soundVolumeOutOfRange])
    }

    @Test("thread-id, category, target-content-id, filter-criteria, relevance-score")
    func identifiersAndScore() throws {
        let parsed = try parseFixture("time-sensitive.json")
        #expect(parsed.content.interruptionLevel == .timeSensitive)
        #expect(parsed.content.relevanceScore == 0.75)
        #expect(parsed.content.targetContentIdentifier == "ride-7")
        #expect(parsed.content.filterCriteria == "travel")
        #expect(parsed.warnings.isEmpty)
    }

    @Test("absent keys leave Apple's defaults")
    func defaults() throws {
        let content = try parse(#"{"aps":{"alert":"x"}}"#).content
        #expect(content.badge == nil)
        #expect(content.sound == nil)
        #expect(content.threadIdentifier == "")
        #expect(content.categoryIdentifier == "")
        #expect(content.targetContentIdentifier == nil)
        #expect(content.filterCriteria == nil)
        #expect(content.interruptionLevel == .active)
        #expect(content.relevanceScore == 0)
        #expect(content.launchImageName == "")
        #expect(content.attachments.isEmpty)
    }

    @Test(
        "interruption-level: all four levels",
        arguments: [
            ("passive", UNNotificationInterruptionLevel.passive),
            ("active", .active),
            ("time-sensitive", .timeSensitive),
            ("critical", .critical),
        ])
    func interruptionLevel(name: String, level: UNNotificationInterruptionLevel) throws {
        let parsed = try parse(#"{"aps":{"alert":"x","interruption-level":"\#(name)"}}"#)
        #expect(parsed.content.interruptionLevel == level)
        #expect(parsed.warnings.isEmpty)
    }

    @Test("relevance-score at the bounds", arguments: [0.0, 1.0, 0.5])
    func relevanceScoreBounds(score: Double) throws {
        let parsed = try parse(#"{"aps":{"alert":"x","relevance-score":\#(score)}}"#)
        #expect(parsed.content.relevanceScore == score)
        #expect(parsed.warnings.isEmpty)
    }

    @Test("userInfo holds the whole payload: aps and custom keys")
    func userInfoHoldsPayload() throws {
        let parsed = try parseFixture("image-url.json")
        let userInfo = parsed.content.userInfo
        #expect(userInfo["image-url"] as? String == "{{server}}/sample.jpg")
        let aps = try #require(userInfo["aps"] as? [String: Any])
        #expect(aps["mutable-content"] as? Int == 1)
        let alert = try #require(aps["alert"] as? [String: Any])
        #expect(alert["title"] as? String == "Photo from Bob")

        let data = try Data(contentsOf: URL(fileURLWithPath: payloadFixture("image-url.json")))
        let document = try JSONValue.parse(data)
        #expect(JSONValue(foundation: userInfo) == document)
        #expect(parsed.payload == document)
        #expect(parsed.bundleIdentifier == nil)
    }

    @Test("userInfo keeps numbers as numbers and strings as strings")
    func userInfoTypes() throws {
        let parsed = try parse(#"{"aps":{"alert":"x"},"n":1,"s":"1","b":true,"d":1.5,"a":[1,"x"],"z":null}"#)
        let info = try #require(JSONValue(foundation: parsed.content.userInfo))
        #expect(info["n"] == .integer(1))
        #expect(info["s"] == .string("1"))
        #expect(info["b"] == .bool(true))
        #expect(info["d"] == .double(1.5))
        #expect(info["a"] == .array([.integer(1), .string("x")]))
        #expect(info["z"] == .null)
    }

    @Test(".apns: Simulator Target Bundle is the bundle identifier and not part of userInfo")
    func apnsFile() throws {
        let parsed = try parseFixture("simulator.apns")
        #expect(parsed.bundleIdentifier == "com.example.nsesim-demo")
        let userInfo = parsed.content.userInfo
        #expect(userInfo["Simulator Target Bundle"] == nil)
        #expect(userInfo["deep-link"] as? String == "demo://inbox")
        #expect(userInfo["aps"] is [String: Any])
        #expect(userInfo.count == 2)
        #expect(parsed.payload["Simulator Target Bundle"] == nil)
        #expect(parsed.content.title == "From the simulator")
        #expect(parsed.gate.invoked)
    }

    @Test("the trigger is a UNPushNotificationTrigger that does not repeat")
    func pushTrigger() throws {
        let parsed = try parseFixture("alert-mutable.json")
        let trigger = try #require(parsed.request.trigger)
        #expect(trigger is UNPushNotificationTrigger)
        #expect(!trigger.repeats)
    }

    @Test("the request's content is immutable (not the reader's mutable content)")
    func immutableContent() throws {
        let parsed = try parseFixture("alert-mutable.json")
        #expect(!(parsed.content is UNMutableNotificationContent))
    }

    @Test("content JSON uses Apple's property names")
    func contentJSON() throws {
        let parsed = try parseFixture("critical-sound.json")
        let json = try #require(parsed.content.jsonValue.objectValue)
        for key in [
            "title", "subtitle", "body", "badge", "sound", "categoryIdentifier", "threadIdentifier",
            "targetContentIdentifier", "interruptionLevel", "relevanceScore", "launchImageName",
            "filterCriteria", "userInfo", "attachments",
        ] {
            #expect(json[key] != nil, "missing \(key)")
        }
        #expect(json["title"] == .string("Smoke detected"))
        #expect(json["interruptionLevel"] == .string("critical"))
        #expect(json["sound"]?["critical"] == .bool(true))
        #expect(json["sound"]?["name"] == .string("alarm.caf"))
        #expect(json["userInfo"]?["aps"]?["mutable-content"] == .integer(1))
        for apsSpelling in ["thread-id", "category", "interruption-level", "mutable-content"] {
            #expect(json[apsSpelling] == nil)
        }

        let timeSensitive = try #require(try parseFixture("time-sensitive.json").content.jsonValue.objectValue)
        #expect(timeSensitive["interruptionLevel"] == .string("timeSensitive"))
        #expect(timeSensitive["relevanceScore"] == .double(0.75))
        #expect(timeSensitive["targetContentIdentifier"] == .string("ride-7"))
        #expect(timeSensitive["filterCriteria"] == .string("travel"))
    }
}
