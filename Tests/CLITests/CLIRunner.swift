import Foundation
@_exported import NSESimTestSupport

/// A path under the repository root, e.g. `Fixtures/payloads/silent.json`.
func fixture(_ relativePath: String) -> String {
    repositoryPath(relativePath)
}

/// Runs `nsesim ARGUMENTS` in the repository root and waits for it.
func nsesim(_ arguments: String...) throws -> CLIResult {
    try nsesim(arguments: arguments)
}

func nsesim(arguments: [String]) throws -> CLIResult {
    try NSESimCommand.runBlocking(arguments)
}
