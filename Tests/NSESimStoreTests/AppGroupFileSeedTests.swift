import Foundation
import NSESimRuntime
import Testing

@testable import NSESimStore

/// `--app-group-file GROUP/PATH=SOURCE[:CLASS]`: reading the value, and the file put into the
/// app's group with its class.
@Suite("App-group file seeds")
struct AppGroupFileSeedTests {
    static func sourceFile() throws -> URL {
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-seed-\(UUID().uuidString).txt")
        try Data("token".utf8).write(to: file)
        return file
    }

    @Test("GROUP/PATH=SOURCE:CLASS, the class optional; seeded with its class")
    func seeded() throws {
        let source = try Self.sourceFile()
        defer { try? FileManager.default.removeItem(at: source) }
        let seed = try AppGroupFileSeed(argument: "group.com.example.app/Library/token.txt=\(source.path):complete")
        #expect(seed.group == "group.com.example.app" && seed.path == "Library/token.txt" && seed.protection == .complete)
        #expect(try AppGroupFileSeed(argument: "group.x/a=\(source.path)").protection == .completeUntilFirstUserAuthentication)
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-seed-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let app = AppData(bundleIdentifier: "com.example.app", environment: ["NSESIM_DATA_DIR": data.path])
        try seed.seed(into: app)
        let placed = app.appGroupsFolder.appendingPathComponent("group.com.example.app/Library/token.txt")
        #expect(try String(contentsOf: placed, encoding: .utf8) == "token")
        #expect(FileProtectionClass.of(placed) == .complete)
    }

    @Test(
        "Bad values: an unknown class, no '=', a path that leaves the group, a missing source",
        arguments: [
            ("group.x/a.txt=SOURCE:onTuesdays", "unknown protection class \"onTuesdays\"", false),
            ("group.x/a.txt", "GROUP/PATH=SOURCE[:CLASS]", false),
            ("group.x=SOURCE", "GROUP/PATH=SOURCE[:CLASS]", false),
            ("group.x/../b=SOURCE", "without . or ..", false),
            ("group.x/a.txt=/no/such/seed:complete", "/no/such/seed: no such file", true),
        ])
    func bad(argument: String, mentions: String, missing: Bool) throws {
        let source = try Self.sourceFile()
        defer { try? FileManager.default.removeItem(at: source) }
        do {
            _ = try AppGroupFileSeed(argument: argument.replacingOccurrences(of: "SOURCE", with: source.path))
            Issue.record("accepted \(argument)")
        } catch {
            #expect(error.description.contains(mentions), "\(error.description)")
            #expect(error.missing == missing)
        }
    }
}
