import Foundation
import NSESimCore
import Testing

/// The ways in for modules nsesim does not ship, given wrong as a new user might.
@Suite("Module and package folders on the command line")
struct WaysInTests {
    @Test("--modules or --package naming no folder is a usage error (64) that says what to give")
    func missingFolders() async throws {
        let modules = try await nsesim(
            "run", "--extension", example("Template"), "--payload", payloadPath("alert-mutable.json"),
            "--modules", "/nonexistent-modules")
        #expect(modules.status == 64)
        #expect(modules.stderr.contains("--modules /nonexistent-modules: no such folder"), "\(modules)")
        let package = try await nsesim("build", "--extension", example("Template"), "--package", "/nonexistent-package")
        #expect(package.status == 64)
        #expect(package.stderr.contains("--package /nonexistent-package: no such folder"), "\(package)")
    }
}
