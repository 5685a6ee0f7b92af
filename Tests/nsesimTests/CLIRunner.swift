import Foundation
@_exported import NSESimTestSupport

/// A path under the repository root, e.g. `Fixtures/payloads/silent.json`.
func fixture(_ relativePath: String) -> String {
    repositoryPath(relativePath)
}

/// Runs `nsesim ARGUMENTS` in the repository root and waits for it without blocking a
/// thread of the test pool (other tests' timers run there).
func nsesim(_ arguments: String...) async throws -> CLIResult {
    try await nsesim(arguments: arguments)
}

func nsesim(arguments: [String]) async throws -> CLIResult {
    try await NSESimCommand.run(arguments)
}
