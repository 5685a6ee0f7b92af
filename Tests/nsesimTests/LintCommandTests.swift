import Foundation
import Testing

/// A malformed payload fixture and what `nsesim lint` must say about it on stderr.
struct MalformedFixture: Sendable, CustomTestStringConvertible {
    let file: String
    let key: String
    let expected: String
    var testDescription: String { file }
}

let malformedFixtures: [MalformedFixture] = [
    MalformedFixture(file: "not-json.json", key: "", expected: "not valid JSON"),
    MalformedFixture(file: "top-level-array.json", key: "aps", expected: "a JSON dictionary"),
    MalformedFixture(file: "no-aps.json", key: "\"aps\"", expected: "dictionary"),
    MalformedFixture(file: "aps-string.json", key: "aps", expected: "expected a dictionary, found a string"),
    MalformedFixture(file: "alert-number.json", key: "aps.alert", expected: "expected a string or a dictionary, found a number"),
    MalformedFixture(file: "alert-title-array.json", key: "aps.alert.title", expected: "expected a string, found an array"),
    MalformedFixture(file: "badge-string.json", key: "aps.badge", expected: "expected a whole number"),
    MalformedFixture(file: "badge-fraction.json", key: "aps.badge", expected: "expected a whole number"),
    MalformedFixture(file: "sound-number.json", key: "aps.sound", expected: "expected a sound name string or a dictionary"),
    MalformedFixture(file: "thread-id-number.json", key: "aps.thread-id", expected: "expected a string, found a number"),
    MalformedFixture(file: "category-dictionary.json", key: "aps.category", expected: "expected a string, found a dictionary"),
    MalformedFixture(file: "loc-args-not-array.json", key: "aps.alert.loc-args", expected: "expected an array of strings"),
    MalformedFixture(file: "loc-args-number.json", key: "aps.alert.loc-args[1]", expected: "expected a string, found a number"),
    MalformedFixture(file: "interruption-level-number.json", key: "aps.interruption-level", expected: "expected a string, found a number"),
    MalformedFixture(file: "relevance-score-string.json", key: "aps.relevance-score", expected: "expected a number, found a string"),
    MalformedFixture(file: "mutable-content-array.json", key: "aps.mutable-content", expected: "expected the number 1, found an array"),
    MalformedFixture(
        file: "simulator-target-bundle-number.apns", key: "Simulator Target Bundle",
        expected: "expected a bundle identifier string, found a number"),
]

@Suite("nsesim lint")
struct LintCommandTests {
    @Test("the executable is there")
    func executableExists() {
        #expect(
            FileManager.default.isExecutableFile(atPath: NSESimCommand.executable.path), "no nsesim at \(NSESimCommand.executable.path)")
    }

    @Test("every malformed fixture has a case")
    func allMalformedCovered() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture("Fixtures/payloads/malformed"))
        #expect(Set(files) == Set(malformedFixtures.map(\.file)))
    }

    /// `make run`'s demo lints every file in Fixtures/payloads and stops at the first that
    /// fails: a categories file kept there once broke the README's first command.
    @Test("every payload fixture (Fixtures/payloads/*.json, *.apns) lints with exit 0, as make run's demo lints them")
    func everyPayloadFixtureLints() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture("Fixtures/payloads"))
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".apns") }.sorted()
        #expect(files.count > 20)
        for file in files {
            let result = try await nsesim("lint", "Fixtures/payloads/\(file)", "--strings", "Fixtures/payloads/Localizable.strings")
            #expect(result.status == 0, "Fixtures/payloads/\(file) is not a payload nsesim lint accepts: \(result)")
        }
    }

    @Test("a malformed payload exits 65 and stderr names the key and the expected type", arguments: malformedFixtures)
    func malformed(testCase: MalformedFixture) async throws {
        let path = "Fixtures/payloads/malformed/\(testCase.file)"
        let result = try await nsesim("lint", path)
        #expect(!result.crashed, "\(result)")
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix("nsesim: error: \(path): "), "\(result)")
        if !testCase.key.isEmpty { #expect(result.stderr.contains(testCase.key), "\(result)") }
        #expect(result.stderr.contains(testCase.expected), "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
    }

    @Test("a malformed payload exits 65 with --format json too, and prints nothing on stdout")
    func malformedJSONFormat() async throws {
        let result = try await nsesim("lint", "--format", "json", "Fixtures/payloads/malformed/badge-fraction.json")
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("aps.badge"))
        #expect(result.stderr.contains("1.5"))
    }

    @Test("a missing file exits 66")
    func missingFile() async throws {
        let result = try await nsesim("lint", "Fixtures/payloads/does-not-exist.json")
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.contains("does-not-exist.json"))
        #expect(result.stderr.contains("no such file"))
    }

    @Test("a missing --strings file exits 66")
    func missingStringsFile() async throws {
        let result = try await nsesim("lint", "Fixtures/payloads/loc-keys.json", "--strings", "Fixtures/payloads/Nope.strings")
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.contains("Nope.strings"))
    }

    @Test(
        "usage errors exit 64",
        arguments: [
            ["lint", "Fixtures/payloads/alert-string.json", "--bogus"],
            ["lint"],
            ["lint", "Fixtures/payloads/alert-string.json", "--push-type", "shout"],
            ["lint", "Fixtures/payloads/alert-string.json", "--format", "yaml"],
            ["frobnicate"],
        ])
    func usage(arguments: [String]) async throws {
        let result = try await nsesim(arguments: arguments)
        #expect(result.status == 64, "\(result)")
        #expect(!result.stderr.isEmpty)
    }

    @Test("text output of a good payload exits 0")
    func textOutput() async throws {
        let result = try await nsesim("lint", "Fixtures/payloads/loc-keys.json", "--strings", "Fixtures/payloads/Localizable.strings")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\"Message from Alice\""))
        #expect(result.stdout.contains("\"Alice sent you 3 photos\""))
        #expect(result.stdout.contains("Extension invoked: yes"))
        #expect(result.stderr.isEmpty)
    }

    @Test("--format json prints one object: request, invoked, notInvokedReason, warnings")
    func jsonOutput() async throws {
        let result = try await nsesim("lint", "--format", "json", "Fixtures/payloads/alert-mutable.json")
        #expect(result.status == 0, "\(result)")
        let object = try result.jsonObject()
        for key in ["request", "invoked", "notInvokedReason", "warnings"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["invoked"] as? Bool == true)
        #expect(object["notInvokedReason"] is NSNull)
        #expect((object["warnings"] as? [Any])?.isEmpty == true)
        let request = try #require(object["request"] as? [String: Any])
        let identifier = try #require(request["identifier"] as? String)
        #expect(UUID(uuidString: identifier) != nil)
        let content = try #require(request["content"] as? [String: Any])
        #expect(content["title"] as? String == "New message")
        #expect(content["subtitle"] as? String == "From Alice")
        #expect(content["body"] as? String == "Are we still on for lunch?")
        #expect(content["badge"] as? Int == 3)
        #expect(content["threadIdentifier"] as? String == "chat-42")
        #expect(content["categoryIdentifier"] as? String == "MESSAGE")
        #expect(content["interruptionLevel"] as? String == "active")
        let userInfo = try #require(content["userInfo"] as? [String: Any])
        #expect(userInfo["message-id"] as? String == "m-1001")
        #expect(userInfo["aps"] is [String: Any])
    }

    @Test("--format json of a payload that is not invoked: the reason and the warning")
    func jsonNotInvoked() async throws {
        let result = try await nsesim("lint", "Fixtures/payloads/mutable-content-string.json", "--format", "json")
        #expect(result.status == 0, "\(result)")
        let object = try result.jsonObject()
        #expect(object["invoked"] as? Bool == false)
        let reason = try #require(object["notInvokedReason"] as? String)
        #expect(reason.contains("mutable-content"))
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(
            warnings.contains { $0["code"] as? String == "mutable-content-not-number" && $0["key"] as? String == "aps.mutable-content" })
    }

    @Test("--lenient-mutable-content invokes the extension for mutable-content true")
    func lenient() async throws {
        let strict = try await nsesim("lint", "Fixtures/payloads/mutable-content-true.json", "--format", "json").jsonObject()
        #expect(strict["invoked"] as? Bool == false)
        let lenient = try await nsesim(
            "lint", "Fixtures/payloads/mutable-content-true.json", "--format", "json",
            "--lenient-mutable-content"
        ).jsonObject()
        #expect(lenient["invoked"] as? Bool == true)
        #expect(lenient["notInvokedReason"] is NSNull)
    }

    @Test("--collapse-id, --apns-id and --push-type reach the request")
    func headers() async throws {
        let apnsID = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let result = try await nsesim(
            "lint", "Fixtures/payloads/alert-mutable.json", "--format", "json",
            "--collapse-id", "chat-42", "--apns-id", apnsID, "--push-type", "background")
        #expect(result.status == 0, "\(result)")
        let object = try result.jsonObject()
        let request = try #require(object["request"] as? [String: Any])
        #expect(request["identifier"] as? String == "chat-42")
        #expect(request["apnsID"] as? String == apnsID)
        #expect(request["pushType"] as? String == "background")
        #expect(object["invoked"] as? Bool == false)
        #expect((object["notInvokedReason"] as? String)?.contains("background") == true)
    }

    @Test(
        "bad headers exit 65",
        arguments: [
            ["--collapse-id", String(repeating: "x", count: 65)],
            ["--apns-id", "not-a-uuid"],
        ])
    func badHeaders(options: [String]) async throws {
        let result = try await nsesim(arguments: ["lint", "Fixtures/payloads/alert-string.json"] + options)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains(options[0] == "--apns-id" ? "apns-id" : "apns-collapse-id"), "\(result)")
    }

    @Test(".apns: the bundle identifier is reported and is not in userInfo")
    func apns() async throws {
        let object = try await nsesim("lint", "Fixtures/payloads/simulator.apns", "--format", "json").jsonObject()
        #expect(object["bundleIdentifier"] as? String == "com.example.nsesim-demo")
        let request = try #require(object["request"] as? [String: Any])
        let content = try #require(request["content"] as? [String: Any])
        let userInfo = try #require(content["userInfo"] as? [String: Any])
        #expect(userInfo["Simulator Target Bundle"] == nil)
        #expect(userInfo["deep-link"] as? String == "demo://inbox")
    }

    @Test("a payload over the limit exits 65 and shows its size")
    func tooLarge() async throws {
        let base = #"{"aps":{"alert":"x"},"pad":""}"#
        let payload = #"{"aps":{"alert":"x"},"pad":"\#(String(repeating: "a", count: 4097 - base.utf8.count))"}"#
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-cli-\(UUID().uuidString).json")
        try Data(payload.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let result = try await nsesim("lint", url.path)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("4097"))
        #expect(result.stderr.contains("4096"))

        let voip = try await nsesim("lint", url.path, "--push-type", "voip", "--format", "json")
        #expect(voip.status == 0, "\(voip)")
        let warnings = try #require(try voip.jsonObject()["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["code"] as? String } == ["payload-over-4kb"])
    }

    @Test(
        "every good fixture lints with exit 0 and valid JSON",
        arguments: [
            "alert-mutable.json", "alert-string.json", "image-url.json", "loc-keys.json", "loc-key-missing.json",
            "critical-sound.json", "time-sensitive.json", "silent.json", "badge-only.json", "sound-only.json",
            "mutable-content-string.json", "mutable-content-true.json", "simulator.apns", "lint-warnings.json",
            "launch-image-summary.json",
        ])
    func goodFixtures(file: String) async throws {
        let result = try await nsesim("lint", "Fixtures/payloads/\(file)", "--format", "json")
        #expect(result.status == 0, "\(result)")
        _ = try result.jsonObject()
    }
}
