import Foundation
import NSESimCore
import NSESimPayload
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// What must hold for any bytes given to ``PayloadParser``: either a clear error (exit
/// status 65, naming the file, and the key for wrong types) or a parsed payload whose gate
/// decision follows docs/behaviour.md#the-invocation-gate, whose values are in range, whose text and JSON reports
/// render, whose request JSON renders the same twice, reads back as the same content, and
/// whose payload parses again to the same content.
enum PayloadCheck {
    static func run(_ data: Data) throws(CheckFailure) {
        let configuration = FuzzConfiguration(for: data)
        let parsed: ParsedPayload
        do {
            parsed = try PayloadParser.parse(data: data, path: configuration.path, options: configuration.options)
        } catch {
            try checkError(error, configuration: configuration)
            return
        }
        do {
            try checkParsed(parsed, configuration: configuration)
        } catch {
            throw CheckFailure("\(error.message) [\(configuration.description)]")
        }
    }

    // MARK: - Errors

    static func checkError(_ error: PayloadError, configuration: FuzzConfiguration) throws(CheckFailure) {
        let path = configuration.path
        try require(error.exitStatus == .badInput, "a payload error must exit 65, got \(error.exitStatus) for \(error)")
        try require(error.description.hasPrefix(path), "the message must name the file: \(error)")
        switch error {
        case .notJSON(_, let detail):
            try require(!detail.isEmpty, "notJSON without a detail")
        case .notAnObject(_, let found):
            try require(!found.isEmpty && found != "a dictionary", "notAnObject found \"\(found)\"")
        case .missingAps:
            break
        case .wrongType(_, let key, let expected, let found):
            try require(!key.isEmpty && !expected.isEmpty && !found.isEmpty, "wrongType with an empty part: \(error)")
        case .tooLarge(_, let size, let limit, let pushType):
            try require(
                size > limit && limit == pushType.payloadLimit && pushType == configuration.options.headers.pushType,
                "tooLarge does not add up: \(error)")
        case .fileMissing, .unreadable, .badHeader, .badStrings, .needsServer:
            throw CheckFailure("the options are valid and the strings file exists, yet: \(error)")
        }
    }

    // MARK: - Parsed payloads

    static func checkParsed(_ parsed: ParsedPayload, configuration: FuzzConfiguration) throws(CheckFailure) {
        let options = configuration.options
        let pushType = options.headers.pushType
        let content = parsed.request.content
        try require(
            parsed.size <= parsed.sizeLimit && parsed.sizeLimit == pushType.payloadLimit,
            "size \(parsed.size) of \(parsed.sizeLimit) for \(pushType)")
        try require(
            parsed.request.identifier == options.headers.collapseID ?? parsed.request.identifier,
            "the identifier is not the collapse id")
        try checkGate(parsed, lenient: options.lenientMutableContent)
        try checkRanges(content)
        try checkWarnings(parsed)

        // userInfo is the whole payload (aps included, Simulator Target Bundle not), exactly.
        let userInfo = JSONValue(foundationLossy: content.userInfo)
        try require(
            userInfo == parsed.payload,
            "userInfo \(userInfo.serializedString()) differs from the payload \(parsed.payload.serializedString())")
        try require(parsed.payload["Simulator Target Bundle"] == nil, "Simulator Target Bundle left in the payload")

        try checkReports(parsed)
        try checkContentRoundTrip(content)
        try checkReparse(parsed, configuration: configuration)
    }

    /// docs/behaviour.md#the-invocation-gate: invoked only for alert pushes with mutable-content 1 (or, when
    /// lenient, "1"/true) and a title, subtitle or body; otherwise a reason.
    static func checkGate(_ parsed: ParsedPayload, lenient: Bool) throws(CheckFailure) {
        let content = parsed.request.content
        let showsAlert = !(content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty)
        let flagOn = parsed.mutableContent.isDocumentedOn || (lenient && parsed.mutableContent.isLenientOn)
        let expected = parsed.headers.pushType == .alert && flagOn && showsAlert
        try require(
            parsed.gate.invoked == expected,
            "gate invoked \(parsed.gate.invoked), expected \(expected) (mutable-content \(parsed.mutableContent.spelled), alert shown \(showsAlert))"
        )
        try require(parsed.gate.invoked == (parsed.gate.notInvokedReason == nil), "a reason must come with not invoked, only with it")
        if let reason = parsed.gate.notInvokedReason { try require(!reason.isEmpty, "an empty reason") }
    }

    /// The values iOS clamps or refuses never come out of range.
    static func checkRanges(_ content: UNNotificationContent) throws(CheckFailure) {
        try require((0...1).contains(content.relevanceScore), "relevanceScore \(content.relevanceScore)")
        if let badge = content.badge { try require(badge.int64Value >= 0, "badge \(badge)") }
        if let volume = content.sound?.audioVolume { try require((0...1).contains(volume), "volume \(volume)") }
        try require(content.attachments.isEmpty, "a payload cannot make attachments")
    }

    static func checkWarnings(_ parsed: ParsedPayload) throws(CheckFailure) {
        for warning in parsed.warnings {
            try require(!warning.key.isEmpty && !warning.message.isEmpty, "an empty warning: \(warning)")
        }
        let over = parsed.warnings.contains { $0.code == .payloadOver4KB }
        try require(over == (parsed.size > PushType.alert.payloadLimit), "payload-over-4kb \(over) for \(parsed.size) bytes")
    }

    /// The text and JSON reports of `nsesim lint` render, and the JSON is stable and reads back.
    static func checkReports(_ parsed: ParsedPayload) throws(CheckFailure) {
        let text = parsed.text
        try require(
            text.hasPrefix("Payload  \(parsed.path)  (\(parsed.size) of \(parsed.sizeLimit) bytes)"),
            "text report header: \(text.prefix(200))")
        let warningLines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("  ! ") }
        try require(warningLines.count >= parsed.warnings.count, "\(parsed.warnings.count) warnings but \(warningLines.count) lines")

        let report = parsed.jsonValue
        let first = report.serialized()
        let second = parsed.jsonValue.serialized()
        try require(first == second, "the lint JSON renders differently twice")
        try require(
            parsed.requestJSON.serialized(pretty: true) == parsed.requestJSON.serialized(pretty: true),
            "the request JSON renders differently twice")
        let reread: JSONValue
        do {
            reread = try JSONValue.parse(first)
        } catch {
            throw CheckFailure("the lint JSON does not parse: \(error): \(String(decoding: first, as: UTF8.self).prefix(300))")
        }
        try require(reread.numbersNormalized == report.numbersNormalized, "the lint JSON reads back differently")
        let pretty = (try? JSONValue.parse(report.serialized(pretty: true)))?.numbersNormalized
        try require(pretty == report.numbersNormalized, "the pretty lint JSON reads back differently")
    }

    /// The content's JSON (the wire format to extensions) reads back as the same content,
    /// directly and through its text.
    static func checkContentRoundTrip(_ content: UNNotificationContent) throws(CheckFailure) {
        let json = content.jsonValue
        let decoded: UNMutableNotificationContent
        do {
            decoded = try UNNotificationContent.fromJSON(json)
        } catch {
            throw CheckFailure("the content JSON does not decode: \(error)")
        }
        try require(
            decoded.jsonValue == json,
            "the content JSON decodes to other content:\n\(json.serializedString())\n\(decoded.jsonValue.serializedString())")

        let text = json.serialized()
        let fromText: UNMutableNotificationContent
        do {
            fromText = try UNNotificationContent.fromJSON(try JSONValue.parse(text))
        } catch {
            throw CheckFailure("the content JSON text does not decode: \(error)")
        }
        try require(
            fromText.jsonValue.numbersNormalized == json.numbersNormalized,
            "the content JSON text decodes to other content:\n\(json.serializedString())\n\(fromText.jsonValue.serializedString())")
        try require(fromText.jsonValue.serialized() == fromText.jsonValue.serialized(), "content JSON not stable")
    }

    /// The payload written out as JSON parses again to the same content, gate and warnings
    /// (unless the rewritten text is over the size limit, which whitespace-free text can be
    /// when numbers are written longer than given, as `1e5` → `100000`).
    static func checkReparse(_ parsed: ParsedPayload, configuration: FuzzConfiguration) throws(CheckFailure) {
        let text = parsed.payload.serialized()
        let again: ParsedPayload
        do {
            again = try PayloadParser.parse(data: text, path: configuration.path, options: configuration.options)
        } catch {
            if case .tooLarge = error, text.count > parsed.sizeLimit { return }
            throw CheckFailure(
                "the payload written out does not parse again: \(error)\n\(String(decoding: text, as: UTF8.self).prefix(400))")
        }
        let before = parsed.request.content.jsonValue.numbersNormalized
        let after = again.request.content.jsonValue.numbersNormalized
        try require(
            before == after, "the payload written out parses to other content:\n\(before.serializedString())\n\(after.serializedString())")
        try require(again.gate == parsed.gate, "the payload written out gets another gate decision: \(parsed.gate) / \(again.gate)")
        let warnings = parsed.warnings.filter { $0.code != .payloadOver4KB }
        let warningsAgain = again.warnings.filter { $0.code != .payloadOver4KB }
        try require(warnings == warningsAgain, "the payload written out gets other warnings: \(warnings) / \(warningsAgain)")
        try require(again.mutableContent == parsed.mutableContent, "mutable-content read differently")
    }
}
