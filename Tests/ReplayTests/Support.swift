import Foundation
@_exported import NSESimTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

// End-to-end support for `nsesim replay` (docs/behaviour.md#replay-cases): the real executable, real
// extension builds, the real fixture server it starts. Nothing is mocked.

/// `Fixtures/replay-tests/PATH`: the cases made for these tests (see its README).
func replayFixture(_ path: String) -> String { repositoryPath("Fixtures/replay-tests/\(path)") }

// MARK: - The test run's folder

/// The test run's folder (``TestRunFolder``): build cache, app data, TMPDIR, scratch.
enum ReplayRun {
    static let run = TestRunFolder(prefix: "nsesim-replay-tests")
    static var folder: URL { run.url }
    /// The environment every nsesim of the run gets.
    static var environment: [String: String] { run.environment }
    /// A fresh, empty folder for one test's files (cases, reports).
    static func scratch(_ label: String) -> URL { run.scratch(label) }
}

/// Runs `nsesim replay ARGUMENTS` in the repository root with the run's environment.
func replay(_ arguments: [String]) async throws -> CLIResult {
    try await NSESimCommand.run(["replay"] + arguments, environment: ReplayRun.environment)
}

extension CLIResult {
    /// The last non-empty line of standard output ("N passed, N failed").
    var lastLine: String {
        stdout.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// `--format json`'s object, decoded.
    func replayReport() throws -> ReplayJSON {
        try JSONDecoder().decode(ReplayJSON.self, from: Data(stdout.utf8))
    }
}

/// `nsesim replay --format json`'s object.
struct ReplayJSON: Decodable {
    struct Case: Decodable {
        let name: String
        let passed: Bool
        let durationMs: Double
        let outcome: String?
        let differences: [String]
        let error: String?
    }

    let cases: [Case]
    let passed: Int
    let failed: Int

    subscript(name: String) -> Case? { cases.first { $0.name == name } }
    var names: [String] { cases.map(\.name) }
}

// MARK: - Case folders

/// The case names below `folder`, found the way docs/behaviour.md#replay-cases describes a cases folder:
/// a folder holding `case.json` is one case (named by its path), other `.json` files are
/// cases named by their path without `.json`. Computed independently of Sources/Replay.
func expectedCaseNames(in folder: String) -> [String] {
    var names: [String] = []
    func walk(_ url: URL, prefix: String) {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") }
        if !prefix.isEmpty, entries.contains("case.json") {
            names.append(String(prefix.dropLast()))
            return
        }
        for entry in entries {
            let child = url.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: child.path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                walk(child, prefix: prefix + entry + "/")
            } else if entry.hasSuffix(".json") {
                names.append(prefix + String(entry.dropLast(5)))
            }
        }
    }
    walk(URL(fileURLWithPath: folder), prefix: "")
    return names.sorted()
}

/// Reads a case file as a dictionary (to copy and change it).
func readCase(_ path: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
}

/// Writes a case dictionary to `url` (creating its folder).
func writeCase(_ object: [String: Any], to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
}

// MARK: - JUnit

/// Runs `xmllint --noout --schema Fixtures/junit/junit.xsd FILE`; nil when the file
/// validates, else xmllint's output.
func junitSchemaProblems(_ file: String) throws -> String? {
    let result = try runTool(["xmllint", "--noout", "--schema", repositoryPath("Fixtures/junit/junit.xsd"), file])
    return result.status == 0 ? nil : result.stdout + result.stderr
}

/// One `<testcase>` of a JUnit file.
struct JUnitCase: Equatable {
    let classname: String
    let name: String
    /// The `<failure>`'s message and text, when there is one.
    let failureMessage: String?
    let failureText: String?
    /// The `<error>`'s message, when there is one.
    let errorMessage: String?
}

/// The JUnit file's root attributes and test cases.
struct JUnitFile {
    let attributes: [String: String]
    let cases: [JUnitCase]

    init(_ path: String) throws {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        let root = try #require(document.rootElement())
        var attributes: [String: String] = [:]
        for node in root.attributes ?? [] { attributes[node.name ?? ""] = node.stringValue }
        self.attributes = attributes
        cases = try root.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }.map { element in
            let failure = element.elements(forName: "failure").first
            return JUnitCase(
                classname: element.attribute(forName: "classname")?.stringValue ?? "",
                name: element.attribute(forName: "name")?.stringValue ?? "",
                failureMessage: failure?.attribute(forName: "message")?.stringValue,
                failureText: failure?.stringValue,
                errorMessage: element.elements(forName: "error").first?.attribute(forName: "message")?.stringValue)
        }
    }

    /// The testcase for a case name (`group/sub/case` → classname `nsesim.replay.group.sub`, name `case`).
    func testcase(_ caseName: String) -> JUnitCase? {
        let (classname, name) = junitNames(caseName)
        return cases.first { $0.classname == classname && $0.name == name }
    }
}

/// The classname and name a case's path gives in JUnit.
func junitNames(_ caseName: String) -> (classname: String, name: String) {
    let parts = caseName.split(separator: "/").map(String.init)
    return ((["nsesim.replay"] + parts.dropLast()).joined(separator: "."), parts.last ?? caseName)
}
