import Foundation
import Testing

/// The phone's lock state through the real `nsesim run`: keychain items by class,
/// errSecInteractionNotAllowed in the report, the warning of an unlocked run, and bad input.
@Suite("nsesim run: --lock-state and the keychain")
struct LockStateRunTests {
    static let run = TestRunFolder(prefix: "nsesim-lockstate-tests")

    func nsesimIn(_ arguments: [String]) async throws -> CLIResult {
        try await NSESimCommand.run(arguments, environment: Self.run.environment)
    }

    func lockedKeychain(
        _ state: String?, seed: String = "Fixtures/keychain/lock-classes.json",
        format: String = "json"
    ) async throws -> CLIResult {
        try await nsesimIn(
            [
                "run", "--extension", fixture("Fixtures/extensions/LockedKeychain"),
                "--payload", fixture("Fixtures/payloads/alert-mutable.json"), "--keychain", seed.hasPrefix("/") ? seed : fixture(seed),
                "--bundle-id", "com.example.lock-\(state ?? "default")", "--format", format,
            ]
                + (state.map { ["--lock-state", $0] } ?? []))
    }

    @Test(
        "Each state: which items the extension reads, the report's lockState and its keychain records",
        arguments: [
            (String?.none, "token=0 session=0 device=0", "delivery recorded: 0"),
            ("locked", "token=-25308 session=0 device=0", "delivery recorded: 0"),
            ("before-first-unlock", "token=-25308 session=-25308 device=0", "delivery recorded: -25308"),
        ])
    func states(state: String?, body: String, subtitle: String) async throws {
        let result = try await lockedKeychain(state)
        #expect(result.status == 0, "\(result)")
        let report = try result.jsonObject()
        let delivered = try #require(report["delivered"] as? [String: Any])
        #expect(delivered["body"] as? String == body && delivered["subtitle"] as? String == subtitle, "\(delivered)")
        #expect(report["lockState"] as? String == state ?? "unlocked")
        let records = try #require(report["keychain"] as? [[String: Any]])
        let token = try #require(records.first { $0["account"] as? String == "auth-token" })
        #expect(token["accessible"] as? [String] == ["kSecAttrAccessibleWhenUnlocked"])
        #expect(token["lockState"] as? String == state ?? "unlocked")
        #expect(token["failsWhen"] as? String == "locked")
        let warnings = ((report["warnings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
        #expect(warnings.contains("fails-when-locked") == (state == nil), "\(warnings)")
        if state != nil {
            #expect(token["statusName"] as? String == "errSecInteractionNotAllowed")
        }
    }

    @Test("The text: the phone's state, the refused read with its class, the warning of an unlocked run")
    func text() async throws {
        var result = try await lockedKeychain("locked", format: "text")
        #expect(result.stdout.contains("Phone     locked (--lock-state)"), "\(result)")
        #expect(
            result.stdout.contains("errSecInteractionNotAllowed  [kSecAttrAccessibleWhenUnlocked]  refused: the phone is locked"),
            "\(result)")
        result = try await lockedKeychain(nil, format: "text")
        #expect(result.stdout.contains("[fails-when-locked]") && result.stdout.contains("account auth-token"), "\(result)")
    }

    @Test("Bad input: an unknown --lock-state is exit 64; an unknown class in the seed file, or a seed that does not parse, is 65")
    func badInput() async throws {
        var result = try await lockedKeychain("asleep")
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.contains("\"asleep\" is not a lock state") && result.stderr.contains("unlocked, locked, before-first-unlock"),
            "\(result)")
        let folder = Self.run.scratch("seeds")
        let unknown = folder.appendingPathComponent("unknown-class.json")
        try Data(#"{"items": [{"service": "s", "account": "a", "dataText": "x", "accessible": "kSecAttrAccessibleOnTuesdays"}]}"#.utf8)
            .write(to: unknown)
        result = try await lockedKeychain("locked", seed: unknown.path)
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.contains("kSecAttrAccessibleOnTuesdays") && result.stderr.contains("kSecAttrAccessibleAfterFirstUnlock"),
            "\(result)")
        let broken = folder.appendingPathComponent("broken.json")
        try Data(#"{"items": [{"service": "s", "#.utf8).write(to: broken)
        result = try await lockedKeychain("locked", seed: broken.path)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("broken.json") && result.stderr.contains("not a keychain seed"), "\(result)")
    }
}
