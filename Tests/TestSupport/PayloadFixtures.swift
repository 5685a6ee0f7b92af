import Foundation
import NSESimPayload
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// `Fixtures/payloads/NAME`.
package func payloadFixture(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Fixtures/payloads").appendingPathComponent(name).path
}

/// `Fixtures/payloads/Localizable.strings`.
package let stringsFixture = URL(fileURLWithPath: payloadFixture("Localizable.strings"))

/// Parses a payload fixture.
package func parseFixture(_ name: String, _ options: PayloadOptions = PayloadOptions()) throws -> ParsedPayload {
    try PayloadParser.parse(fileAt: payloadFixture(name), options: options)
}

/// Parses payload text given inline; `path` names it in messages.
package func parse(
    _ json: String, path: String = "inline.json", _ options: PayloadOptions = PayloadOptions()
) throws(PayloadError) -> ParsedPayload {
    try PayloadParser.parse(data: Data(json.utf8), path: path, options: options)
}

/// The error parsing throws, or nil when it succeeds.
package func parseError(_ json: String, path: String = "inline.json", _ options: PayloadOptions = PayloadOptions()) -> PayloadError? {
    do {
        _ = try parse(json, path: path, options)
        return nil
    } catch {
        return error
    }
}

/// The error parsing a fixture throws, or nil when it succeeds.
package func fixtureError(_ name: String, _ options: PayloadOptions = PayloadOptions()) -> PayloadError? {
    do {
        _ = try PayloadParser.parse(fileAt: payloadFixture(name), options: options)
        return nil
    } catch {
        return error
    }
}

/// Options with only a push type.
package func options(
    pushType: PushType = .alert, collapseID: String? = nil, apnsID: String? = nil,
    strings: URL? = nil, lenient: Bool = false
) -> PayloadOptions {
    PayloadOptions(
        headers: PushHeaders(pushType: pushType, collapseID: collapseID, apnsID: apnsID),
        stringsFile: strings, lenientMutableContent: lenient)
}

/// A compact payload of exactly `size` bytes: `{"aps":{"alert":"x"},"pad":"aaa…"}` (plus
/// `extraAps` inside aps), padded in a custom value beside aps.
package func paddedPayload(size: Int, aps: String = #""alert":"x""#) -> String {
    let base = #"{"aps":{\#(aps)},"pad":""}"#
    precondition(base.utf8.count <= size, "the base payload is already \(base.utf8.count) bytes")
    let payload = #"{"aps":{\#(aps)},"pad":"\#(String(repeating: "a", count: size - base.utf8.count))"}"#
    precondition(payload.utf8.count == size)
    return payload
}

extension ParsedPayload {
    /// The codes of the warnings, for compact expectations.
    package var warningCodes: [LintWarning.Code] { warnings.map(\.code) }

    /// The request's content.
    package var content: UNNotificationContent { request.content }
}

/// True when the text is a UUID in the 8-4-4-4-12 form.
package func isUUID(_ text: String) -> Bool {
    UUID(uuidString: text) != nil && text.count == 36
}
