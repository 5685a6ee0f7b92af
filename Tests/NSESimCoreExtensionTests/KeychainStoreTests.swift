import Foundation
import NSESimKeychain
import NSESimRuntime
import NSESimSQLite
import Testing

/// The keychain in the app's database: migration from the JSON files of earlier versions,
/// another process writing at once, a damaged file.
@Suite("Keychain store")
struct KeychainStoreTests {
    func temporaryStore() -> (KeychainStore, URL) {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-kcstore-\(UUID().uuidString)")
        return (KeychainStore(database: folder.appendingPathComponent("app.sqlite")), folder)
    }

    @Test("Keychain/GROUP.json files are moved into the database on first open, then renamed .migrated")
    func migration() throws {
        let (store, folder) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: store.legacyFolder, withIntermediateDirectories: true)
        try Data(
            #"""
            [{"class": "genp", "attributes": {"svce": "s", "acct": "a", "agrp": "g1", "pdmn": "ak"}, "data": "c2VjcmV0"}]
            """#.utf8
        ).write(to: store.legacyFolder.appendingPathComponent("g1.json"))
        try Data(#"[{"class": "genp", "attributes": {"svce": "t", "acct": "b"}, "data": null}]"#.utf8)
            .write(to: store.legacyFolder.appendingPathComponent("default.json"))
        let items = try store.items(itemClass: "genp", matching: [:])
        #expect(items.count == 2)
        let first = try #require(try store.items(itemClass: "genp", matching: ["agrp": "g1"]).first)
        #expect(first.data == Data("secret".utf8) && first.attributes["pdmn"] == "ak")
        #expect(try store.items(itemClass: "genp", matching: ["svce": "t"]).first?.data == nil)
        for name in ["g1.json", "default.json"] {
            #expect(!FileManager.default.fileExists(atPath: store.legacyFolder.appendingPathComponent(name).path))
            #expect(FileManager.default.fileExists(atPath: store.legacyFolder.appendingPathComponent(name + ".migrated").path))
        }
        // The duplicate rule holds for migrated items; a new connection does not migrate twice.
        #expect(try !store.add(KeychainStore.Item(itemClass: "genp", attributes: ["svce": "s", "acct": "a", "agrp": "g1"], data: nil)))
        SQLiteConnections.forget(store.file.path)
        #expect(try store.items(itemClass: "genp", matching: [:]).count == 2)
        // The accessibility is a column too.
        let rows = try SQLiteDatabase(path: store.file.path).query("SELECT access_group, accessible FROM keychain_items ORDER BY id")
        #expect(
            rows.map { [$0[0].textValue, $0[1].textValue] } == [["default", nil], ["g1", "ak"]]
                || rows.map { [$0[0].textValue, $0[1].textValue] } == [["g1", "ak"], ["default", nil]])
    }

    @Test("Another process (sqlite3, 150 transactions) writes the same database while this one adds 150 items: nothing is lost")
    func concurrentProcesses() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { return }
        let (store, folder) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try store.items(itemClass: "genp", matching: [:])  // creates the table
        var script = "PRAGMA busy_timeout = 10000; PRAGMA synchronous = NORMAL;\n"
        for index in 0..<150 {
            script +=
                "INSERT INTO keychain_items (access_group, class, attributes, data, accessible) "
                + "VALUES ('other', 'genp', '{\"svce\":\"other\",\"acct\":\"\(index)\",\"agrp\":\"other\"}', NULL, NULL);\n"
        }
        let scriptFile = folder.appendingPathComponent("writes.sql")
        try Data(script.utf8).write(to: scriptFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [store.file.path, ".read \(scriptFile.path)"]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        for index in 0..<150 {
            #expect(
                try store.add(KeychainStore.Item(itemClass: "genp", attributes: ["svce": "mine", "acct": "\(index)"], data: Data([1]))))
        }
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "sqlite3: \(stderr)")
        #expect(try store.items(itemClass: "genp", matching: ["svce": "mine"]).count == 150)
        #expect(try store.items(itemClass: "genp", matching: ["agrp": "other"]).count == 150)
    }

    @Test("A damaged database is an error naming the file and the fix")
    func damaged() throws {
        let (store, folder) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 4096).write(to: store.file)
        #expect {
            try store.items(itemClass: "genp", matching: [:])
        } throws: { error in
            let text = "\(error)"
            return (error as? KeychainStoreError)?.isDamaged == true && text.contains("app.sqlite") && text.contains("nsesim center reset")
        }
    }
}
