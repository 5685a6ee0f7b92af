import Foundation
import NSESimHost
import NSESimRuntime

/// Writes each finding as a replay case (docs/fuzz.md#minimized-cases, docs/replay.md): the
/// shrunk payload, the options the fuzzing ran with, the extension and the served folder named
/// relative to the cases' folder (so `nsesim replay OUT` runs them from anywhere), and as
/// expectation what the seed led to — its outcome, one call of the content handler, no
/// attachment refused, a notification that shows something — so the case fails until the
/// extension is fixed.
package struct FuzzCaseWriter: Sendable {
    /// The extension as a case names it: a folder or library, or a project's target.
    package enum Extension: Sendable {
        case path(String)
        case project(path: String, target: String?, configuration: String?)
    }

    /// `--out`.
    package var folder: URL
    package var `extension`: Extension
    /// `--serve`'s folder, when given.
    package var media: URL?
    /// The case's `options`: deadline, grace, memoryLimit, lockState, and the build's.
    package var options: [String: JSONValue]

    package init(folder: URL, extension: Extension, media: URL?, options: [String: JSONValue]) {
        self.folder = folder
        self.extension = `extension`
        self.media = media
        self.options = options
    }

    /// The case file's name for a finding: `crash-NotificationService.swift-18.json`.
    package static func fileName(_ signature: FuzzFinding.Signature) -> String {
        let site = signature.site.map { character -> Character in
            character.isLetter || character.isNumber || character == "." || character == "_" ? character : "-"
        }
        let name = signature.site.isEmpty ? signature.kind.rawValue : "\(signature.kind.rawValue)-\(String(site))"
        return name.replacingOccurrences(of: "--", with: "-") + ".json"
    }

    /// The case of a finding from `seedName`, whose seed ran to `baseline`.
    package func caseJSON(
        _ entry: FuzzCampaign.Entry, payload: JSONValue, seedName: String, baseline: FuzzRunSummary
    ) -> JSONValue {
        var finding = entry.finding
        finding.mutations = entry.shrunk ?? finding.mutations
        var object: [String: JSONValue] = [
            "description": .string(
                "nsesim fuzz: \(finding.line). \(finding.signature.kind.meaning) (\(entry.count.grouped) run(s); seed \(seedName))"),
            "payload": payload,
            "options": .object(options),
        ]
        switch self.extension {
        case .path(let path):
            object["extension"] = .string(Self.relative(path, from: folder))
        case .project(let path, let target, let configuration):
            object["project"] = .string(Self.relative(path, from: folder))
            if let target { object["target"] = .string(target) }
            if let configuration { object["configuration"] = .string(configuration) }
        }
        if let media { object["media"] = .string(Self.relative(media.path, from: folder)) }
        var expect: [String: JSONValue] = ["outcome": .string(baseline.outcome.rawValue)]
        if baseline.outcome != .notInvoked { expect["handlerCalls"] = .integer(Int64(baseline.handlerCalls)) }
        if baseline.attachmentErrors.isEmpty { expect["errors"] = .array([]) }
        if baseline.shows && baseline.outcome.deliversExtensionContent { expect["shows"] = .bool(true) }
        object["expect"] = .object(expect)
        return .object(object)
    }

    /// Writes `cases` (file name and JSON) into the folder; returns the paths written.
    package func write(_ cases: [(name: String, json: JSONValue)]) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try cases.map { item in
            let url = folder.appendingPathComponent(item.name)
            try (item.json.serializedString(pretty: true) + "\n").write(to: url, atomically: true, encoding: .utf8)
            return url
        }
    }

    /// `path` relative to `folder` (`../../Plugins-Examples/FuzzTarget`).
    package static func relative(_ path: String, from folder: URL) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = folder.standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

/// The JSON report of `nsesim fuzz --format json` (docs/fuzz.md#the-json-report).
package struct FuzzReport: Codable, Sendable {
    package static let currentVersion = 1

    /// One seed: where it came from, what it led to, how each of its keys fared.
    package struct Seed: Codable, Sendable {
        package var name: String
        package var outcome: String
        /// Each key's path with the runs that changed it and the findings among them.
        package var keys: [FuzzCampaign.KeyTally]
        /// Keys changed at least once, of all its keys.
        package var keysChanged: Int

        package init(name: String, outcome: String, keys: [FuzzCampaign.KeyTally], keysChanged: Int) {
            self.name = name
            self.outcome = outcome
            self.keys = keys
            self.keysChanged = keysChanged
        }
    }

    /// One finding.
    package struct Finding: Codable, Sendable {
        package var kind: FuzzFinding.Kind
        /// The crash site, the line stuck at the deadline, the refused attachment's error.
        package var site: String
        /// The one line the text output prints.
        package var line: String
        package var meaning: String
        /// Runs that showed it.
        package var count: Int
        package var firstRun: Int
        /// The shrunk changes, as the line words them.
        package var changes: [String]
        /// The crash's reason (`Fatal error: Unexpectedly found nil…`), when it crashed.
        package var reason: String?
        /// True when the crash is in nsesim's stand-ins, not the extension: a bug of nsesim's.
        package var inNSESim: Bool
        /// The replay case written for it.
        package var `case`: String?
        package var seed: String

        package init(
            kind: FuzzFinding.Kind, site: String, line: String, meaning: String, count: Int, firstRun: Int, changes: [String],
            reason: String?, inNSESim: Bool, case: String?, seed: String
        ) {
            self.kind = kind
            self.site = site
            self.line = line
            self.meaning = meaning
            self.count = count
            self.firstRun = firstRun
            self.changes = changes
            self.reason = reason
            self.inNSESim = inNSESim
            self.case = `case`
            self.seed = seed
        }
    }

    package var reportVersion = currentVersion
    package var runs: Int
    /// Payloads APNs would refuse (never findings).
    package var refused: Int
    package var durationSeconds: Double
    package var runsPerSecond: Double
    package var seed: UInt64
    package var jobs: Int
    /// True when SIGINT stopped it (the findings are not shrunk).
    package var interrupted: Bool
    package var seeds: [Seed]
    package var findings: [Finding]
    /// Runs that could not be made, with why (at most 20).
    package var failures: [String]
    /// With `--coverage`: the lines of the extension's own code the runs reached.
    package var linesHit: Int?
    package var linesFound: Int?
    /// With `--coverage`: the payloads coverage guidance kept for reaching code no earlier run
    /// had (docs/fuzz.md#coverage-guidance).
    package var corpus: Int?
    /// With `--coverage`: the counters (code regions) of the extension's own code the seeds and
    /// the runs that count for guidance reached, and those its libraries have.
    package var countersReached: Int?
    package var countersFound: Int?

    package init(
        runs: Int, refused: Int, durationSeconds: Double, runsPerSecond: Double, seed: UInt64, jobs: Int, interrupted: Bool,
        seeds: [Seed], findings: [Finding], failures: [String], linesHit: Int?, linesFound: Int?,
        corpus: Int? = nil, countersReached: Int? = nil, countersFound: Int? = nil
    ) {
        self.runs = runs
        self.refused = refused
        self.durationSeconds = durationSeconds
        self.runsPerSecond = runsPerSecond
        self.seed = seed
        self.jobs = jobs
        self.interrupted = interrupted
        self.seeds = seeds
        self.findings = findings
        self.failures = failures
        self.linesHit = linesHit
        self.linesFound = linesFound
        self.corpus = corpus
        self.countersReached = countersReached
        self.countersFound = countersFound
    }
}
