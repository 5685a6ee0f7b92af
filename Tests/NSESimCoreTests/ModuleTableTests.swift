import Foundation
import NSESimTestSupport
import Testing

/// docs/layout.md's module table is the map of `Sources/`: one row per module folder, and
/// every row's folder exists. A module folder is a folder directly under `Sources/`, except
/// the three folders of packages (`Frameworks`, `SDKs`, `Runtime`), or a folder directly
/// under one of those three (the rule docs/layout.md states). A row is a table line whose
/// first cell is one backticked `Sources/...` path.
@Suite("Module table in docs/layout.md")
struct ModuleTableTests {
    /// The folders under `Sources/` that hold packages of their own, one per subfolder.
    static let packageFolders: Set<String> = ["Frameworks", "SDKs", "Runtime"]

    /// Every module folder of the tree, as `Sources/...` paths.
    static func moduleFolders() throws -> Set<String> {
        var folders: Set<String> = []
        for name in try subfolders(of: "Sources") {
            if packageFolders.contains(name) {
                for inner in try subfolders(of: "Sources/\(name)") { folders.insert("Sources/\(name)/\(inner)") }
            } else {
                folders.insert("Sources/\(name)")
            }
        }
        return folders
    }

    /// The names of the folders directly inside `relativePath`, hidden ones left out.
    static func subfolders(of relativePath: String) throws -> [String] {
        let url = URL(fileURLWithPath: repositoryPath(relativePath))
        let entries = try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: [.isDirectoryKey])
        return try entries.filter { try $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true }
            .map(\.lastPathComponent)
            .filter { !$0.hasPrefix(".") }
    }

    /// The folders docs/layout.md's rows name, in the order they appear (duplicates kept).
    static func tableFolders() throws -> [String] {
        let text = try String(contentsOfFile: repositoryPath("docs/layout.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard line.hasPrefix("|"), cells.count > 2 else { return nil }
            let first = cells[1].trimmingCharacters(in: .whitespaces)
            guard first.hasPrefix("`Sources/"), first.hasSuffix("`"), first.count > 2 else { return nil }
            return String(first.dropFirst().dropLast())
        }
    }

    @Test("Every module folder under Sources/ has a row in docs/layout.md")
    func everyFolderHasARow() throws {
        let rows = Set(try Self.tableFolders())
        for folder in try Self.moduleFolders().sorted() where !rows.contains(folder) {
            Issue.record(
                """
                \(folder) is a module folder with no row in docs/layout.md's module table: add one there, \
                | `\(folder)` | `MODULE` | nsesim, extension or both | its job |
                """)
        }
    }

    @Test("Every row of docs/layout.md's module table names a module folder that exists, once")
    func everyRowNamesAFolder() throws {
        let folders = try Self.moduleFolders()
        let rows = try Self.tableFolders()
        #expect(rows.count >= 50, "docs/layout.md: found \(rows.count) rows whose first cell is a `Sources/...` folder")
        for row in rows where !folders.contains(row) {
            let exists = FileManager.default.fileExists(atPath: repositoryPath(row))
            Issue.record(
                """
                docs/layout.md names \(row), which \(exists ? "is not a module folder (see the rule above the table)" : "does not exist"): \
                remove the row from docs/layout.md, or correct its folder
                """)
        }
        for (row, count) in Dictionary(rows.map { ($0, 1) }, uniquingKeysWith: +) where count > 1 {
            Issue.record("docs/layout.md has \(count) rows for \(row): keep one")
        }
    }
}
