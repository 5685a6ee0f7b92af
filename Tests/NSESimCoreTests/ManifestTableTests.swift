import Foundation
import NSESimTestSupport
import Testing

/// The extension-side packages' manifests come from one table (`Sources/modules.json`,
/// written by `.ci/manifests.py`, `make manifests`): a manifest edited by hand, a package
/// the table lacks, or a root `Package.swift` entry the table does not know fails here.
@Suite("Manifests from one table")
struct ManifestTableTests {
    @Test("Every Sources/*/*/Package.swift is what Sources/modules.json gives")
    func manifestsMatchTheTable() throws {
        let result = try runTool(["python3", repositoryPath(".ci/manifests.py"), "--check"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("A module's sources sit in its package's folder (no Sources/X/Sources/X stutter)")
    func noPathStutter() throws {
        let table = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: repositoryPath("Sources/modules.json"))))
        let rows = try #require(table as? [[String: Any]])
        #expect(rows.count >= 27)
        for row in rows {
            let folder = try #require(row["folder"] as? String)
            #expect(!FileManager.default.fileExists(atPath: repositoryPath("Sources/\(folder)/Sources")), "Sources/\(folder)/Sources")
        }
    }
}
