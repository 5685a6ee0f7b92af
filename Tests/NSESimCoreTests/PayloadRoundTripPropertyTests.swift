import Foundation
import NSESimPayload
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimCore

/// Property tests over generated payloads (docs/behaviour.md#aps-keys-and-content): every aps key with random
/// values, custom keys with nested data and any Unicode. Each payload comes from its own
/// SplitMix64 seed, `base + index`, so a failure names the one seed that reproduces it;
/// `NSESIM_PROPERTY_SEED` (decimal or 0x hex) picks another base to explore.
@Suite("Payload round trip properties")
struct PayloadRoundTripPropertyTests {
    /// Payloads per property.
    static let count = 400
    /// The base seed of the committed runs.
    static let defaultSeed: UInt64 = 0x6E73_6573_696D_0007
    static let baseSeed: UInt64 = {
        guard let text = ProcessInfo.processInfo.environment["NSESIM_PROPERTY_SEED"] else { return defaultSeed }
        return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) ?? defaultSeed : UInt64(text) ?? defaultSeed
    }()

    static func seeds() -> [UInt64] { (0..<UInt64(count)).map { baseSeed &+ $0 } }

    @Test("parse gives the content the payload describes, and the invocation gate's decision")
    func parseMatchesModel() throws {
        var parsedCount = 0
        for seed in Self.seeds() {
            var generator = PayloadGenerator(seed: seed)
            let payload = generator.payload()
            let data = payload.root.serialized()
            let withStrings = seed % 3 == 0
            let parseOptions = options(collapseID: "property", strings: withStrings ? stringsFixture : nil)
            let parsed: ParsedPayload
            do {
                parsed = try PayloadParser.parse(data: data, path: "generated.json", options: parseOptions)
            } catch {
                Issue.record("seed \(hex(seed)): \(error)\n\(payload.root.serializedString())")
                continue
            }
            parsedCount += 1
            let problems = payload.expected.differences(from: parsed.content, withStrings: withStrings)
            #expect(problems.isEmpty, "seed \(hex(seed)): \(problems.joined(separator: "; "))\n\(payload.root.serializedString())")
            // userInfo is the whole payload: exactly the JSON text as read, and the generated
            // values up to what JSON text keeps of numbers.
            let userInfo = JSONValue(foundationLossy: parsed.content.userInfo)
            #expect(userInfo == (try JSONValue.parse(data)), "seed \(hex(seed)): userInfo is not the payload text")
            #expect(userInfo.numbersNormalized == payload.root.numbersNormalized, "seed \(hex(seed)): userInfo is not the payload")
            let showsAlert =
                !(payload.expected.title(withStrings).isEmpty && payload.expected.subtitle(withStrings).isEmpty
                && payload.expected.body(withStrings).isEmpty)
            #expect(parsed.gate.invoked == (payload.mutableContent && showsAlert), "seed \(hex(seed)): gate \(parsed.gate)")
            let expectedWarnings: [LintWarning.Code] = payload.alertIsDictionary && !showsAlert ? [.alertWithoutText] : []
            #expect(parsed.warningCodes == expectedWarnings, "seed \(hex(seed)): warnings \(parsed.warnings)")
        }
        #expect(parsedCount == Self.count)
    }

    @Test("content → JSON → content is the identity; the request JSON renders the same twice")
    func contentJSONRoundTrip() throws {
        for seed in Self.seeds() {
            var generator = PayloadGenerator(seed: seed)
            let data = generator.payload().root.serialized()
            let first = try PayloadParser.parse(data: data, path: "generated.json", options: options(collapseID: "property"))
            let second = try PayloadParser.parse(data: data, path: "generated.json", options: options(collapseID: "property"))

            // The request JSON is byte-for-byte stable, within one parse and across parses.
            let requestText = first.requestJSON.serialized()
            #expect(requestText == first.requestJSON.serialized(), "seed \(hex(seed))")
            #expect(requestText == second.requestJSON.serialized(), "seed \(hex(seed))")
            #expect(first.jsonValue.serialized(pretty: true) == second.jsonValue.serialized(pretty: true), "seed \(hex(seed))")

            // The wire format to extensions: decoding the content JSON gives the same content.
            let json = first.content.jsonValue
            let decoded = try UNNotificationContent.fromJSON(json)
            #expect(decoded.jsonValue == json, "seed \(hex(seed)): fromJSON(jsonValue) differs")
            #expect(decoded.isEqual(first.content), "seed \(hex(seed))")

            // Through its text, as it travels to the extension process and back.
            let reread = try UNNotificationContent.fromJSON(try JSONValue.parse(json.serialized()))
            #expect(
                reread.jsonValue.numbersNormalized == json.numbersNormalized,
                "seed \(hex(seed)):\n\(json.serializedString())\n\(reread.jsonValue.serializedString())")
            let contentRead = try #require(try JSONValue.parse(requestText)["content"])
            #expect(contentRead.numbersNormalized == json.numbersNormalized, "seed \(hex(seed))")
        }
    }

    @Test("the payload written out again parses to the same content, gate and warnings")
    func payloadReparse() throws {
        for seed in Self.seeds() {
            var generator = PayloadGenerator(seed: seed)
            let payload = generator.payload()
            let parsed = try PayloadParser.parse(
                data: payload.root.serialized(pretty: true), path: "generated.json",
                options: options(collapseID: "property"))
            let again = try PayloadParser.parse(
                data: parsed.payload.serialized(), path: "generated.json",
                options: options(collapseID: "property"))
            #expect(again.content.jsonValue.numbersNormalized == parsed.content.jsonValue.numbersNormalized, "seed \(hex(seed))")
            #expect(again.gate == parsed.gate, "seed \(hex(seed))")
            #expect(again.warnings == parsed.warnings, "seed \(hex(seed))")
            #expect(
                again.text == parsed.text.replacingOccurrences(of: "(\(parsed.size) of", with: "(\(again.size) of"),
                "seed \(hex(seed)): the text report differs")
        }
    }

    @Test("the same payload as an .apns file: the bundle id is read and left out of userInfo and the size")
    func apnsForm() throws {
        for seed in Self.seeds().prefix(100) {
            var generator = PayloadGenerator(seed: seed)
            let payload = generator.payload()
            guard case .object(var members) = payload.root else { continue }
            let compact = payload.root.serialized()
            members["Simulator Target Bundle"] = .string("com.example.\(seed % 1000)")
            let parsed = try PayloadParser.parse(
                data: JSONValue.object(members).serialized(pretty: true),
                path: "generated.apns", options: options(collapseID: "property"))
            let plain = try PayloadParser.parse(data: compact, path: "generated.json", options: options(collapseID: "property"))
            #expect(parsed.bundleIdentifier == "com.example.\(seed % 1000)", "seed \(hex(seed))")
            // The size is the payload without the key, written compactly (numbers as JSON
            // text reads them: a generated 2.734e17 is written back as the integer it reads as).
            #expect(parsed.size == plain.payload.serialized().count, "seed \(hex(seed))")
            #expect(parsed.content.jsonValue == plain.content.jsonValue, "seed \(hex(seed))")
        }
    }

    @Test("one aps value of a wrong type is an error naming its key path, exit 65")
    func wrongTypes() throws {
        for seed in Self.seeds() {
            var generator = PayloadGenerator(seed: seed)
            let payload = generator.payload()
            let (broken, key) = generator.breakOneKey(of: payload.root)
            let error: PayloadError?
            do {
                _ = try PayloadParser.parse(data: broken.serialized(), path: "generated.json")
                error = nil
            } catch let thrown {
                error = thrown
            }
            guard case .wrongType(_, let errorKey, let expected, let found)? = error else {
                Issue.record(
                    "seed \(hex(seed)): \(key) broken, expected wrongType, got \(String(describing: error))\n\(broken.serializedString())")
                continue
            }
            #expect(errorKey == key, "seed \(hex(seed))")
            #expect(!expected.isEmpty && !found.isEmpty)
            #expect(error?.exitStatus == .badInput)
        }
    }

    @Test("the generator reproduces from its seed")
    func generatorIsDeterministic() {
        var first = PayloadGenerator(seed: 42)
        var second = PayloadGenerator(seed: 42)
        var third = PayloadGenerator(seed: 43)
        let payload = first.payload().root
        #expect(payload == second.payload().root)
        #expect(payload != third.payload().root)
    }
}

private func hex(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16) }

// MARK: - Generator

/// A payload and what iOS should make of it.
struct GeneratedPayload {
    let root: JSONValue
    let expected: ExpectedContent
    /// `mutable-content` is the number 1.
    let mutableContent: Bool
    /// `alert` is a dictionary (so an empty one draws the alert-without-text warning).
    let alertIsDictionary: Bool
}

/// A localized text: a plain string, or a loc key whose text depends on the strings file.
enum ExpectedText {
    case plain(String)
    /// Without a strings file the key is its own format; with one, `translated` applies.
    case localized(withoutStrings: String, withStrings: String)

    func text(_ withStrings: Bool) -> String {
        switch self {
        case .plain(let text): text
        case .localized(let without, let with): withStrings ? with : without
        }
    }
}

/// The content properties a generated payload must produce.
struct ExpectedContent {
    var title = ExpectedText.plain("")
    var subtitle = ExpectedText.plain("")
    var body = ExpectedText.plain("")
    var launchImageName = ""
    var summaryArgument = ""
    var summaryArgumentCount = 0
    var badge: Int64?
    var soundName: String??  // nil: no sound; .some(nil): the default sound
    var soundCritical = false
    var soundVolume: Float?
    var threadIdentifier = ""
    var categoryIdentifier = ""
    var targetContentIdentifier: String?
    var filterCriteria: String?
    var interruptionLevel = UNNotificationInterruptionLevel.active
    var relevanceScore = 0.0

    func title(_ withStrings: Bool) -> String { title.text(withStrings) }
    func subtitle(_ withStrings: Bool) -> String { subtitle.text(withStrings) }
    func body(_ withStrings: Bool) -> String { body.text(withStrings) }

    /// Every property that differs, as "name: expected vs actual".
    func differences(from content: UNNotificationContent, withStrings: Bool) -> [String] {
        var problems: [String] = []
        func check<T: Equatable>(_ name: String, _ expected: T, _ actual: T) {
            if expected != actual { problems.append("\(name): expected \(expected), got \(actual)") }
        }
        check("title", title(withStrings), content.title)
        check("subtitle", subtitle(withStrings), content.subtitle)
        check("body", body(withStrings), content.body)
        check("launchImageName", launchImageName, content.launchImageName)
        check("summaryArgument", summaryArgument, content.summaryArgument)
        check("summaryArgumentCount", summaryArgumentCount, content.summaryArgumentCount)
        check("badge", badge, content.badge?.int64Value)
        check("sound", soundName.map { $0 ?? "default" }, content.sound.map { $0.soundName?.rawValue ?? "default" })
        check("sound.critical", soundCritical, content.sound?.isCritical ?? false)
        check("sound.volume", soundVolume, content.sound?.audioVolume)
        check("threadIdentifier", threadIdentifier, content.threadIdentifier)
        check("categoryIdentifier", categoryIdentifier, content.categoryIdentifier)
        check("targetContentIdentifier", targetContentIdentifier, content.targetContentIdentifier)
        check("filterCriteria", filterCriteria, content.filterCriteria)
        check("interruptionLevel", interruptionLevel, content.interruptionLevel)
        check("relevanceScore", relevanceScore, content.relevanceScore)
        check("attachments", 0, content.attachments.count)
        return problems
    }
}

/// Random valid payloads: each aps key present or not, values of every valid form, custom
/// data beside aps. Sizes are kept well under 4096 bytes.
struct PayloadGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Entries of Fixtures/payloads/Localizable.strings and their formats.
    static let table: [String: String] = [
        "NEW_MESSAGE_TITLE": "Message from %@",
        "NEW_MESSAGE_SUBTITLE": "%2$@ · %1$@",
        "NEW_MESSAGE_BODY": "%1$@ sent you %2$@ photos",
        "PLAIN_BODY": "100%% done",
    ]

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// Unicode of every kind JSON must carry: quotes, backslashes, control characters,
    /// combining marks, CJK, right-to-left, emoji (outside the BMP), separators, a BOM.
    static let scalars: [Unicode.Scalar] =
        Array("abcXYZ019 _-.:/\"\\'{}[],%$@").compactMap { $0.unicodeScalars.first }
        + [
            0x0, 0x1, 0x9, 0xA, 0xD, 0x1F, 0x7F, 0xE9, 0x301, 0x5D0, 0x627, 0x4E2D, 0x6587, 0x2028, 0x2029, 0x200D,
            0xFEFF, 0xFFFD, 0x1F600, 0x1F469, 0x1F3FD, 0x10FFFF,
        ].compactMap(Unicode.Scalar.init)

    mutating func text(maxLength: Int = 16, allowPercent: Bool = true) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<int(0...maxLength) {
            var scalar = pick(Self.scalars)
            if !allowPercent && scalar == "%" { scalar = "p" }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    mutating func nonEmptyText() -> String {
        let value = text()
        return value.isEmpty ? "x" : value
    }

    /// A loc key built from literal pieces and `%@`, `%n$@`, `%%`, with its arguments and
    /// the text it must give when the key is its own format.
    mutating func format() -> (key: String, arguments: [String], text: String) {
        let arguments = (0..<int(0...3)).map { _ in text(maxLength: 6) }
        var key = ""
        var expected = ""
        var next = 0
        for _ in 0..<int(1...4) {
            let literal = text(maxLength: 5, allowPercent: false)
            key += literal
            expected += literal
            switch int(0...3) {
            case 0 where next < arguments.count:
                key += "%@"
                expected += arguments[next]
                next += 1
            case 1 where !arguments.isEmpty:
                let position = int(1...arguments.count)
                key += "%\(position)$@"
                expected += arguments[position - 1]
            case 2:
                key += "%%"
                expected += "%"
            default:
                break
            }
        }
        return (key, arguments, expected)
    }

    /// One alert text key: plain, or a loc key (from the strings table or made up) with args.
    mutating func alertText(plain: String, locKey: String, locArgs: String, into alert: inout [String: JSONValue]) -> ExpectedText {
        switch int(0...3) {
        case 0:
            return .plain("")
        case 1:
            let value = text()
            alert[plain] = .string(value)
            return .plain(value)
        case 2:
            let (key, arguments, expected) = format()
            if chance(30) { alert[plain] = .string(text()) }  // a loc key wins over the plain text
            alert[locKey] = .string(key)
            if !arguments.isEmpty || chance(50) { alert[locArgs] = .array(arguments.map(JSONValue.string)) }
            // Made-up keys are not in the table: the key is the format either way.
            return .localized(withoutStrings: expected, withStrings: expected)
        default:
            let key = pick(Self.table.keys.sorted())
            let arguments = (0..<2).map { _ in text(maxLength: 6) }
            alert[locKey] = .string(key)
            alert[locArgs] = .array(arguments.map(JSONValue.string))
            let translated = LocalizedFormatOracle.fill(Self.table[key]!, arguments)
            return .localized(withoutStrings: key, withStrings: translated)
        }
    }

    mutating func payload() -> GeneratedPayload {
        var aps: [String: JSONValue] = [:]
        var expected = ExpectedContent()
        var alertIsDictionary = false

        switch int(0...2) {
        case 0:
            break
        case 1:
            let body = text()
            aps["alert"] = .string(body)
            expected.body = .plain(body)
        default:
            alertIsDictionary = true
            var alert: [String: JSONValue] = [:]
            expected.title = alertText(plain: "title", locKey: "title-loc-key", locArgs: "title-loc-args", into: &alert)
            expected.subtitle = alertText(plain: "subtitle", locKey: "subtitle-loc-key", locArgs: "subtitle-loc-args", into: &alert)
            expected.body = alertText(plain: "body", locKey: "loc-key", locArgs: "loc-args", into: &alert)
            if chance(20) {
                expected.launchImageName = text()
                alert["launch-image"] = .string(expected.launchImageName)
            }
            if chance(20) {
                expected.summaryArgument = text()
                alert["summary-arg"] = .string(expected.summaryArgument)
            }
            if chance(20) {
                expected.summaryArgumentCount = int(0...1_000_000)
                alert["summary-arg-count"] = .integer(Int64(expected.summaryArgumentCount))
            }
            if chance(10) { alert["action-loc-key"] = .string(text()) }
            aps["alert"] = .object(alert)
        }
        if chance(40) {
            let badge: Int64 = chance(80) ? Int64(int(0...99)) : Int64.random(in: 0...Int64.max, using: &random)
            expected.badge = badge
            // A whole number written as a double (`3.0`) is a badge too.
            aps["badge"] = badge < 100 && chance(20) ? .double(Double(badge)) : .integer(badge)
        }
        if chance(40) { sound(into: &aps, expected: &expected) }
        if chance(40) {
            expected.threadIdentifier = text()
            aps["thread-id"] = .string(expected.threadIdentifier)
        }
        if chance(40) {
            expected.categoryIdentifier = text()
            aps["category"] = .string(expected.categoryIdentifier)
        }
        if chance(20) {
            expected.targetContentIdentifier = text()
            aps["target-content-id"] = .string(expected.targetContentIdentifier!)
        }
        if chance(20) {
            expected.filterCriteria = text()
            aps["filter-criteria"] = .string(expected.filterCriteria!)
        }
        if chance(30) {
            expected.interruptionLevel = pick(UNNotificationInterruptionLevel.allCases)
            aps["interruption-level"] = .string(expected.interruptionLevel.apnsName)
        }
        if chance(30) {
            expected.relevanceScore = pick([0, 1, 0.5, Double.random(in: 0...1, using: &random)])
            aps["relevance-score"] = expected.relevanceScore == 1 && chance(50) ? .integer(1) : .double(expected.relevanceScore)
        }
        let mutableContent = chance(60)
        if mutableContent { aps["mutable-content"] = .integer(1) } else if chance(20) { aps["mutable-content"] = .integer(0) }
        if chance(20) { aps["content-available"] = .integer(1) }

        var root: [String: JSONValue] = ["aps": .object(aps)]
        for _ in 0..<int(0...4) {
            var key = text(maxLength: 10)
            if key == "aps" || key == "Simulator Target Bundle" { key += "_" }
            root[key] = custom(depth: 0)
        }
        return GeneratedPayload(
            root: .object(root), expected: expected, mutableContent: mutableContent,
            alertIsDictionary: alertIsDictionary)
    }

    mutating func sound(into aps: inout [String: JSONValue], expected: inout ExpectedContent) {
        if chance(40) {
            let name = chance(30) ? "default" : nonEmptyText()
            aps["sound"] = .string(name)
            expected.soundName = .some(name == "default" ? nil : name)
            return
        }
        var sound: [String: JSONValue] = [:]
        var name: String?
        if chance(70) {
            let value = chance(20) ? "default" : nonEmptyText()
            sound["name"] = .string(value)
            name = value == "default" ? nil : value
        }
        switch int(0...3) {
        case 0:
            sound["critical"] = .integer(1)
            expected.soundCritical = true
        case 1: sound["critical"] = .integer(0)
        default: break
        }
        if chance(50) {
            let volume = pick([0, 1, Double.random(in: 0...1, using: &random)])
            sound["volume"] = .double(volume)
            // Only critical sounds keep a volume.
            expected.soundVolume = expected.soundCritical ? Float(volume) : nil
        }
        aps["sound"] = .object(sound)
        expected.soundName = .some(name)
    }

    /// Custom data: strings, integers over Int64, doubles of every size, booleans, null,
    /// arrays and dictionaries, at most three levels deep.
    mutating func custom(depth: Int) -> JSONValue {
        switch int(depth < 3 ? 0...7 : 0...5) {
        case 0: return .string(text())
        case 1: return .integer(chance(50) ? Int64(int(-1000...1000)) : Int64.random(in: .min ... .max, using: &random))
        case 2:
            return .double(
                pick([
                    0.5, -0.25, 1e300, -1e-300, 5e-324, 0.1, 123456.789,
                    Double.random(in: -1e6...1e6, using: &random),
                    Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF),
                ]))
        case 3: return .bool(chance(50))
        case 4: return .null
        case 5: return .string(text(maxLength: 4))
        case 6: return .array((0..<int(0...4)).map { _ in custom(depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<int(0...4) { members[text(maxLength: 8)] = custom(depth: depth + 1) }
            return .object(members)
        }
    }

    /// The payload with one aps key (added if absent) of a type APNs refuses, and its key path.
    mutating func breakOneKey(of root: JSONValue) -> (JSONValue, String) {
        guard case .object(var members) = root, case .object(var aps)? = members["aps"] else { return (root, "") }
        let cases: [(key: String, wrong: [JSONValue])] = [
            ("alert", [.integer(1), .bool(true), .array([.string("x")])]),
            ("badge", [.string("1"), .integer(-1), .double(1.5), .bool(true), .object([:])]),
            ("sound", [.integer(1), .bool(false), .array([])]),
            ("thread-id", [.integer(7), .bool(true), .array([]), .object([:])]),
            ("category", [.double(2.5), .object(["a": .string("b")])]),
            ("target-content-id", [.integer(1), .array([.null])]),
            ("filter-criteria", [.bool(false), .integer(0)]),
            ("interruption-level", [.integer(2), .array([.string("active")])]),
            ("relevance-score", [.string("0.5"), .bool(true), .array([])]),
            ("mutable-content", [.array([.integer(1)]), .object(["1": .integer(1)])]),
            ("content-available", [.array([]), .object([:])]),
        ]
        let chosen = pick(cases)
        aps[chosen.key] = pick(chosen.wrong)
        members["aps"] = .object(aps)
        return (.object(members), "aps.\(chosen.key)")
    }
}

/// An independent statement of how `%@`, `%n$@` and `%%` fill a format, for the strings
/// table's known entries (only these three forms occur in them).
enum LocalizedFormatOracle {
    static func fill(_ format: String, _ arguments: [String]) -> String {
        var output = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            output += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.hasPrefix("%") {
                output += "%"
                rest = after.dropFirst()
            } else if after.hasPrefix("@") {
                output += next < arguments.count ? arguments[next] : "(null)"
                next += 1
                rest = after.dropFirst()
            } else {
                let digits = after.prefix { $0.isASCII && $0.isNumber }
                let position = Int(digits)!
                output += arguments[position - 1]
                rest = after.dropFirst(digits.count + 2)  // n, "$", "@"
            }
        }
        return output + rest
    }
}

extension JSONValue {
    /// Numbers as JSON text keeps them: whole numbers as integers (`1.0` is written `1`),
    /// and beyond 2^53 as doubles (a double written as its shortest digits reads back as
    /// another integer: 273400077683044992.0 is written 2.73400077683045e+17 and read as
    /// 273400077683045000).
    var numbersNormalized: JSONValue {
        switch self {
        case .integer(let value) where value.magnitude > 1 << 53: .double(Double(value))
        case .double(let value) where value.rounded() == value && abs(value) <= 0x1p53: .integer(Int64(value))
        case .array(let items): .array(items.map(\.numbersNormalized))
        case .object(let members): .object(members.mapValues(\.numbersNormalized))
        default: self
        }
    }
}
