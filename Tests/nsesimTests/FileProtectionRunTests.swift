import Foundation
import Testing

/// File protection through the real `nsesim run`: app-group files seeded with their
/// class, refused by the extension process's interposer as the lock state says (Foundation's
/// Data(contentsOf:) and the system libsqlite3), the report's `files` records, the warning of an
/// unlocked run, and bad input.
@Suite("nsesim run: file protection")
struct FileProtectionRunTests {
    static let run = TestRunFolder(prefix: "nsesim-fileprotection-tests")
    static let group = "group.com.example.protectedfiles/Library"

    func nsesimIn(_ arguments: [String]) async throws -> CLIResult {
        try await NSESimCommand.run(arguments, environment: Self.run.environment)
    }

    func protectedFiles(_ state: String?, seeds: [String]? = nil, format: String = "json") async throws -> CLIResult {
        let seeds =
            seeds ?? [
                "\(Self.group)/auth-token.txt=\(fixture("Fixtures/app-groups/protected-files/auth-token.txt")):complete",
                "\(Self.group)/settings.json=\(fixture("Fixtures/app-groups/protected-files/settings.json"))",
                "\(Self.group)/messages.sqlite=\(fixture("Fixtures/app-groups/protected-files/messages.sqlite")):NSFileProtectionComplete",
                "\(Self.group)/drafts.txt=\(fixture("Fixtures/app-groups/protected-files/drafts.txt")):completeUnlessOpen",
            ]
        return try await nsesimIn(
            [
                "run", "--extension", fixture("Fixtures/extensions/ProtectedFiles"),
                "--payload", fixture("Fixtures/payloads/alert-mutable.json"),
                "--bundle-id", "com.example.files-\(state ?? "default").ProtectedFiles", "--format", format,
            ]
                + seeds.flatMap { ["--app-group-file", $0] } + (state.map { ["--lock-state", $0] } ?? []))
    }

    @Test(
        "Each state: what the extension reads (Foundation and SQLite), the report's file records and the warning",
        arguments: [
            (String?.none, "token=26 bytes settings=23 bytes db=2 unread", "cache=written outbox=written drafts=23 bytes"),
            (
                "locked", "token=error 257 settings=23 bytes db=unable to open database file",
                "cache=written outbox=written drafts=error 257"
            ),
            (
                "before-first-unlock", "token=error 257 settings=error 257 db=unable to open database file",
                "cache=error 513 outbox=written drafts=error 257"
            ),
        ])
    func states(state: String?, body: String, subtitle: String) async throws {
        let result = try await protectedFiles(state)
        #expect(result.status == 0, "\(result)")
        let report = try result.jsonObject()
        let delivered = try #require(report["delivered"] as? [String: Any])
        #expect(delivered["body"] as? String == body && delivered["subtitle"] as? String == subtitle, "\(delivered)")
        let files = try #require(report["files"] as? [[String: Any]], "\(report)")
        let token = try #require(
            files.first { $0["path"] as? String == "group.com.example.protectedfiles/Library/auth-token.txt" },
            "\(files)")
        #expect(token["protection"] as? String == "complete" && token["area"] as? String == "appGroup")
        #expect(token["lockState"] as? String == state ?? "unlocked" && token["failsWhen"] as? String == "locked")
        #expect(token["refused"] as? Bool == (state != nil) && token["operation"] as? String == "read")
        #expect(files.contains { ($0["path"] as? String)?.hasSuffix("messages.sqlite") == true }, "\(files)")
        let warnings = ((report["warnings"] as? [[String: Any]]) ?? []).filter { $0["code"] as? String == "fails-when-locked" }
        // Unlocked: the token, the database, the drafts, and the outbox file written completeUnlessOpen.
        #expect(warnings.count == (state == nil ? 4 : 0), "\(warnings)")
        if state == nil {
            #expect(
                warnings.contains { ($0["message"] as? String)?.contains(".completeFileProtectionUntilFirstUserAuthentication") == true })
            #expect(warnings.contains { ($0["message"] as? String)?.contains("drafts.txt (app group) is completeUnlessOpen") == true })
        }
        // The default-class settings: refused only before the first unlock; never warned about.
        let settings = files.filter { ($0["path"] as? String)?.hasSuffix("settings.json") == true }
        #expect(settings.count == (state == "before-first-unlock" ? 1 : 0), "\(settings)")
    }

    @Test("The text: the refused accesses with their class and the state")
    func text() async throws {
        let result = try await protectedFiles("locked", format: "text")
        #expect(result.stdout.contains("Files ("), "\(result)")
        #expect(
            result.stdout.contains(
                "read group.com.example.protectedfiles/Library/auth-token.txt (app group) [complete] "
                    + "refused (EPERM): the phone is locked"), "\(result)")
    }

    @Test("An extension that touches no protected file has no file records and no warning")
    func untouched() async throws {
        let result = try await nsesimIn([
            "run", "--extension", fixture("Fixtures/extensions/LockedKeychain"),
            "--payload", fixture("Fixtures/payloads/alert-mutable.json"), "--lock-state", "locked",
            "--bundle-id", "com.example.files-untouched.Ext", "--format", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(try result.jsonObject()["files"] == nil, "\(result)")
    }

    @Test("Bad input: an unknown class or a malformed value is exit 64, a missing file 66, each naming the value and the accepted classes")
    func badInput() async throws {
        var result = try await protectedFiles(
            "locked", seeds: ["\(Self.group)/a.txt=\(fixture("Fixtures/app-groups/protected-files/settings.json")):onTuesdays"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.contains("onTuesdays")
                && result.stderr.contains(
                    "complete, completeUnlessOpen, "
                        + "completeUntilFirstUserAuthentication, none"),
            "\(result)")
        result = try await protectedFiles("locked", seeds: ["group.only"])
        #expect(result.status == 64 && result.stderr.contains("GROUP/PATH=SOURCE[:CLASS]"), "\(result)")
        result = try await protectedFiles(
            "locked", seeds: ["\(Self.group)/../../escape.txt=\(fixture("Fixtures/app-groups/protected-files/settings.json"))"])
        #expect(result.status == 64 && result.stderr.contains("without . or .."), "\(result)")
        result = try await protectedFiles("locked", seeds: ["\(Self.group)/a.txt=/no/such/seed.txt:complete"])
        #expect(result.status == 66 && result.stderr.contains("/no/such/seed.txt"), "\(result)")
    }
}
