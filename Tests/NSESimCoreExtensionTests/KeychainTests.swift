import Foundation
import NSESimCore
import NSESimKeychain
import NSESimRuntime
import Testing

/// `import Security` as iOS extensions use it: the app's keychain seeded with --keychain,
/// read, added to and updated by the extension, every access in the report, kept between runs.
@Suite("Keychain")
struct KeychainTests {
    @Test("A key seeded with --keychain decrypts the payload; the extension's own item persists; each access is reported")
    func seededKeyAcrossRuns() async throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-keychain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        for run in 1...2 {
            let result = try await nsesim(
                "run", "--extension", testExtension("KeychainDecrypt"), "--payload",
                payloadPath("encrypted.json"), "--keychain", repositoryPath("Fixtures/keychain/e2e-key.json"),
                "--format", "json", dataDirectory: data)
            #expect(result.status == 0, "\(result)")
            let report = try result.jsonObject()
            let delivered = report["delivered"] as? [String: Any]
            #expect(delivered?["body"] as? String == "The door code is 4711")
            #expect(delivered?["subtitle"] as? String == "decrypted \(run)")
            let keychain = (report["keychain"] as? [[String: Any]]) ?? []
            #expect(keychain.compactMap { $0["operation"] as? String } == ["copyMatching", "copyMatching", run == 1 ? "add" : "update"])
            #expect(keychain.first?["statusName"] as? String == "errSecSuccess")
            #expect(keychain.first?["accessGroup"] as? String == "group.com.example.app")
            #expect(keychain.allSatisfy { $0["data"] == nil }, "the secret is never reported")
        }
        // The app's database holds the secrets: mode 0600.
        let file = data.appendingPathComponent("apps/com.example.app/app.sqlite")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
    }

    @Test("A seed file that is wrong is exit 65 naming the file and the fix; a missing one is 66")
    func badSeed() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-seed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bad = folder.appendingPathComponent("seed.json")
        try Data(#"{"items": [{"service": "s", "account": "a"}]}"#.utf8).write(to: bad)
        let result = try await nsesim(
            "run", "--extension", testExtension("KeychainDecrypt"), "--payload", payloadPath("encrypted.json"),
            "--keychain", bad.path, dataDirectory: folder)
        #expect(result.status == 65)
        #expect(result.stderr.contains("items[0] has no \"data\""), "\(result)")
        let missing = try await nsesim(
            "run", "--extension", testExtension("KeychainDecrypt"), "--payload", payloadPath("encrypted.json"),
            "--keychain", folder.appendingPathComponent("none.json").path, dataDirectory: folder)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("none.json: no such file; --keychain takes a JSON file of keychain items"), "\(missing)")
    }

    @Test("The store: duplicates refused, update and delete count, groups kept apart")
    func store() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-kc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = KeychainStore(database: folder.appendingPathComponent("app.sqlite"))
        let item = KeychainStore.Item(itemClass: "genp", attributes: ["svce": "s", "acct": "a", "agrp": "g1"], data: Data("x".utf8))
        #expect(try store.add(item))
        #expect(try !store.add(item))
        #expect(try store.add(KeychainStore.Item(itemClass: "genp", attributes: ["svce": "s", "acct": "a"], data: nil)))
        #expect(try store.items(itemClass: "genp", matching: ["svce": "s"]).count == 2)
        #expect(try store.items(itemClass: "genp", matching: ["svce": "s", "agrp": "g1"]).count == 1)
        #expect(try store.update(itemClass: "genp", matching: ["agrp": "g1"], attributes: ["labl": "L"], data: Data("y".utf8)) == 1)
        #expect(try store.items(itemClass: "genp", matching: ["labl": "L"]).first?.data == Data("y".utf8))
        #expect(try store.delete(itemClass: "genp", matching: ["svce": "s"]) == 2)
        #expect(try store.items(itemClass: "genp", matching: [:]).isEmpty)
    }
}
