import Foundation
import Testing

/// The extension's container cannot be made (the temporary folder is missing): the report
/// names the folder, the system's reason and the fix, the original content is delivered, and
/// nsesim does not crash.
@Suite("nsesim run: a container that cannot be made")
struct ContainerErrorRunTests {
    static let run = TestRunFolder(prefix: "nsesim-container-error-tests")

    @Test("TMPDIR names a missing folder: the error names the container's path, the reason and TMPDIR; the original is delivered")
    func missingTemporaryFolder() async throws {
        let arguments = [
            "run", "--extension", fixture("Plugins-Examples/Template"),
            "--payload", fixture("Fixtures/payloads/alert-mutable.json"), "--format", "json",
        ]
        // Built first with a temporary folder that exists (the compiler needs one too).
        let built = try await NSESimCommand.run(arguments, environment: Self.run.environment)
        #expect(built.status == 0, "\(built)")
        var environment = Self.run.environment
        let missing = Self.run.scratch("tmp").appendingPathComponent("missing").path
        environment["TMPDIR"] = missing
        let result = try await NSESimCommand.run(arguments, environment: environment)
        let report = try result.jsonObject()
        let errors = ((report["errors"] as? [[String: Any]]) ?? []).compactMap { $0["message"] as? String }
        #expect(
            errors.contains {
                $0.contains("cannot make \(missing)/nsesim-container-") && $0.contains("No such file or directory")
                    && $0.contains("TMPDIR")
            }, "\(result)")
        #expect((report["outcome"] as? String)?.hasPrefix("original") == true, "\(result)")
        #expect((report["delivered"] as? [String: Any])?["title"] as? String == "New message", "\(result)")
    }
}
