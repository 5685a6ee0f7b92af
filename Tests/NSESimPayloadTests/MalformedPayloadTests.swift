import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimPayload

/// A malformed fixture and what its error must say.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    let file: String
    /// The key the error names (empty for whole-document errors).
    let key: String
    /// Words of the expected type.
    let expected: String
    /// Words of what was found.
    let found: String

    var testDescription: String { file }
}

/// Every file of Fixtures/payloads/malformed and the message it must give.
let malformedCases: [MalformedCase] = [
    MalformedCase(file: "not-json.json", key: "", expected: "not valid JSON", found: ""),
    MalformedCase(file: "top-level-array.json", key: "", expected: "JSON dictionary", found: "an array"),
    MalformedCase(file: "no-aps.json", key: "aps", expected: "dictionary", found: ""),
    MalformedCase(file: "aps-string.json", key: "aps", expected: "a dictionary", found: "a string"),
    MalformedCase(file: "alert-number.json", key: "aps.alert", expected: "a string or a dictionary", found: "a number"),
    MalformedCase(file: "alert-title-array.json", key: "aps.alert.title", expected: "a string", found: "an array"),
    MalformedCase(file: "badge-string.json", key: "aps.badge", expected: "a whole number", found: "a string"),
    MalformedCase(file: "badge-fraction.json", key: "aps.badge", expected: "a whole number", found: "1.5"),
    MalformedCase(file: "sound-number.json", key: "aps.sound", expected: "a sound name string or a dictionary", found: "a number"),
    MalformedCase(file: "thread-id-number.json", key: "aps.thread-id", expected: "a string", found: "a number"),
    MalformedCase(file: "category-dictionary.json", key: "aps.category", expected: "a string", found: "a dictionary"),
    MalformedCase(file: "loc-args-not-array.json", key: "aps.alert.loc-args", expected: "an array of strings", found: "a string"),
    MalformedCase(file: "loc-args-number.json", key: "aps.alert.loc-args[1]", expected: "a string", found: "a number"),
    MalformedCase(file: "interruption-level-number.json", key: "aps.interruption-level", expected: "a string", found: "a number"),
    MalformedCase(file: "relevance-score-string.json", key: "aps.relevance-score", expected: "a number", found: "a string"),
    MalformedCase(file: "mutable-content-array.json", key: "aps.mutable-content", expected: "the number 1", found: "an array"),
    MalformedCase(
        file: "simulator-target-bundle-number.apns", key: "Simulator Target Bundle", expected: "a bundle identifier string",
        found: "a number"),
]

/// docs/behaviour.md#bad-input: bad input gives a clear error naming the key and the expected type,
/// exit status 65, never a crash.
@Suite("Malformed payloads")
struct MalformedPayloadTests {
    @Test("every malformed fixture is covered by a case")
    func allFixturesCovered() throws {
        let folder = repositoryRoot.appendingPathComponent("Fixtures/payloads/malformed").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count >= 10)
        #expect(Set(files) == Set(malformedCases.map(\.file)))
    }

    @Test("the error names the key, the expected type and what was found", arguments: malformedCases)
    func malformed(testCase: MalformedCase) throws {
        let path = payloadFixture("malformed/\(testCase.file)")
        let error = try #require(fixtureError("malformed/\(testCase.file)"))
        #expect(error.exitStatus == .badInput)
        let message = error.description
        #expect(message.hasPrefix(path), "\(message)")
        if !testCase.key.isEmpty { #expect(message.contains(testCase.key), "\(message)") }
        #expect(message.contains(testCase.expected), "\(message)")
        if !testCase.found.isEmpty { #expect(message.contains(testCase.found), "\(message)") }
    }

    @Test("wrong types are reported as wrongType with the key path")
    func wrongTypeCase() {
        let error = fixtureError("malformed/badge-string.json")
        guard case .wrongType(_, let key, let expected, let found)? = error else {
            Issue.record("expected wrongType, got \(String(describing: error))")
            return
        }
        #expect(key == "aps.badge")
        #expect(expected == "a whole number from 0 (0 clears the badge)")
        #expect(found == "a string")
    }

    @Test("document errors have their own cases")
    func documentErrors() {
        let notJSON = fixtureError("malformed/not-json.json")
        guard case .notJSON? = notJSON else {
            Issue.record("expected notJSON, got \(String(describing: notJSON))")
            return
        }
        #expect(
            fixtureError("malformed/top-level-array.json")
                == .notAnObject(path: payloadFixture("malformed/top-level-array.json"), found: "an array"))
        #expect(fixtureError("malformed/no-aps.json") == .missingAps(path: payloadFixture("malformed/no-aps.json")))
    }

    @Test(
        "more wrong types, inline",
        arguments: [
            (#"{"aps":{"alert":{"subtitle":1}}}"#, "aps.alert.subtitle"),
            (#"{"aps":{"alert":{"body":true}}}"#, "aps.alert.body"),
            (#"{"aps":{"alert":{"launch-image":1}}}"#, "aps.alert.launch-image"),
            (#"{"aps":{"alert":{"title-loc-key":1}}}"#, "aps.alert.title-loc-key"),
            (#"{"aps":{"alert":{"title-loc-key":"K","title-loc-args":{}}}}"#, "aps.alert.title-loc-args"),
            (#"{"aps":{"alert":{"subtitle-loc-key":"K","subtitle-loc-args":[null]}}}"#, "aps.alert.subtitle-loc-args[0]"),
            (#"{"aps":{"alert":{"summary-arg-count":"3"}}}"#, "aps.alert.summary-arg-count"),
            (#"{"aps":{"alert":{"summary-arg-count":1.5}}}"#, "aps.alert.summary-arg-count"),
            (#"{"aps":{"alert":"x","sound":{"name":1}}}"#, "aps.sound.name"),
            (#"{"aps":{"alert":"x","sound":{"volume":"loud"}}}"#, "aps.sound.volume"),
            (#"{"aps":{"alert":"x","sound":{"critical":[]}}}"#, "aps.sound.critical"),
            (#"{"aps":{"alert":"x","target-content-id":1}}"#, "aps.target-content-id"),
            (#"{"aps":{"alert":"x","filter-criteria":false}}"#, "aps.filter-criteria"),
            (#"{"aps":{"alert":"x","content-available":{}}}"#, "aps.content-available"),
            (#"{"aps":{"alert":"x","badge":true}}"#, "aps.badge"),
            (#"{"aps":[]}"#, "aps"),
            (#"{"aps":null}"#, "aps"),
        ])
    func inlineWrongTypes(json: String, key: String) {
        let error = parseError(json)
        guard case .wrongType(_, let errorKey, let expected, let found)? = error else {
            Issue.record("expected wrongType for \(json), got \(String(describing: error))")
            return
        }
        #expect(errorKey == key)
        #expect(!expected.isEmpty)
        #expect(!found.isEmpty)
    }

    @Test("odd documents never crash", arguments: ["", " ", "null", "1", "\"aps\"", "{", "{}", "{\"aps\":{}}", "\u{FEFF}{\"aps\":{}}"])
    func oddDocuments(json: String) {
        // Either a clear error with status 65 or a parse: never a crash.
        if let error = parseError(json) {
            #expect(error.exitStatus == .badInput)
            #expect(!error.description.isEmpty)
        }
    }

    @Test("a missing file is fileMissing, exit 66; a directory is unreadable, exit 66")
    func missingFile() throws {
        let error = fixtureError("does-not-exist.json")
        #expect(error == .fileMissing(path: payloadFixture("does-not-exist.json")))
        #expect(error?.exitStatus == .missingFile)
        #expect(error?.description.contains("no such file") == true)

        let directory = fixtureError("malformed")
        guard case .unreadable? = directory else {
            Issue.record("expected unreadable, got \(String(describing: directory))")
            return
        }
        #expect(directory?.exitStatus == .missingFile)
    }
}
