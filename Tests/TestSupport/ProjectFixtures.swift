import Foundation

// The Xcode and XcodeGen projects under Fixtures/projects, for the tests of project reading
// (NSESimProjectTests) and of builds from a project's target (NSESimBuildTests).

/// `Fixtures/projects/NAME`.
package func projectFixture(_ name: String) -> String { repositoryRoot.appendingPathComponent("Fixtures/projects/\(name)").path }

/// A copy of a fixture project in a fresh temporary folder, to break.
package func projectCopy(_ name: String) throws -> URL {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-project-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = folder.appendingPathComponent(name)
    try FileManager.default.copyItem(at: URL(fileURLWithPath: projectFixture(name)), to: copy)
    return copy
}

/// Runs `body` on a copy of a fixture project, removed afterwards.
package func withProjectCopy(_ name: String, _ body: (URL) throws -> Void) throws {
    let copy = try projectCopy(name)
    defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
    try body(copy)
}
