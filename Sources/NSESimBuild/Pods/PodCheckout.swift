import Crypto
import Foundation
import NSESimProject
import Subprocess
import SystemPackage

/// A pod's files at its version, fetched with git as `pod install` fetches them (its spec's
/// `:git` and `:tag`, or the Podfile's `:git` with `:commit`, `:tag` or `:branch`), into
/// nsesim's cache: one folder per pod, version and source, fetched once. git runs with the
/// mirrors given (`--package-mirror URL=PATH`, as git's `url.PATH.insteadOf`) and with the
/// user's own git configuration, so `url.insteadOf` rules there apply too.
struct PodCheckout: Sendable {
    /// The folder holding the pod's files.
    let folder: URL
    /// The commit checked out.
    let revision: String
    /// Whether it was in the cache already.
    let cacheHit: Bool

    /// What git checks out: the commit, else the tag, else the branch, else the default branch.
    static func reference(of source: Podspec.Source) -> String {
        source.commit ?? source.tag.map { "tag \($0)" } ?? source.branch.map { "branch \($0)" } ?? "its default branch"
    }

    /// The pod `name` at `version` from `source`, fetched into `cache` unless there already.
    static func fetch(
        _ name: String, version: String, source: Podspec.Source, mirrors: [String: String], cache: URL
    ) async throws(ExtensionError) -> PodCheckout {
        guard let url = source.git else {
            throw .podFetchFailed(
                pod: "\(name) \(version)", url: source.http ?? "?", reference: version, diagnostics: ["its source is not a git repository"])
        }
        let identity = [url, source.commit ?? "", source.tag ?? "", source.branch ?? ""].joined(separator: "\n")
        let digest = SHA256.hash(data: Data(identity.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
        let pods = cache.appendingPathComponent("pods").appendingPathComponent(name)
        let folder = pods.appendingPathComponent("\(version)-\(digest)")
        let marker = folder.appendingPathComponent(".nsesim-fetched")
        if let revision = FileManager.default.contents(atPath: marker.path) {
            return PodCheckout(folder: folder, revision: String(decoding: revision, as: UTF8.self), cacheHit: true)
        }
        let staging = pods.appendingPathComponent(".staging-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        do {
            try FileManager.default.createDirectory(at: pods, withIntermediateDirectories: true)
        } catch {
            throw .environment("cannot create \(pods.path) for pod \(name): \(error.localizedDescription)")
        }
        let reference = reference(of: source)
        let fail = { (lines: [String]) in
            ExtensionError.podFetchFailed(pod: "\(name) \(version)", url: url, reference: reference, diagnostics: lines)
        }
        var clone = ["clone", "--quiet"]
        if let branch = source.branch, source.commit == nil, source.tag == nil { clone += ["--branch", branch] }
        if let failure = try await git(clone + [url, staging.path], in: pods, mirrors: mirrors) { throw fail(failure) }
        if let checkout = source.commit ?? source.tag.map({ "refs/tags/\($0)" }) {
            if let failure = try await git(
                ["-c", "advice.detachedHead=false", "checkout", "--quiet", checkout], in: staging, mirrors: mirrors)
            {
                throw fail(failure)
            }
        }
        if source.submodules {
            if let failure = try await git(["submodule", "update", "--init", "--recursive", "--quiet"], in: staging, mirrors: mirrors) {
                throw fail(failure)
            }
        }
        let revision = (try? await output(["rev-parse", "HEAD"], in: staging)) ?? reference
        do {
            try Data(revision.utf8).write(to: staging.appendingPathComponent(".nsesim-fetched"))
            try FileManager.default.moveItem(at: staging, to: folder)
        } catch  where FileManager.default.fileExists(atPath: marker.path) {
            // Another nsesim fetched it first.
        } catch {
            throw .environment("cannot store pod \(name) in \(folder.path): \(error.localizedDescription)")
        }
        return PodCheckout(folder: folder, revision: revision, cacheHit: false)
    }

    /// Runs git; nil when it succeeded, else its last lines.
    private static func git(_ arguments: [String], in folder: URL, mirrors: [String: String]) async throws(ExtensionError) -> [String]? {
        let result: ExecutionResult<Void, StringOutput<UTF8>, StringOutput<UTF8>>
        do {
            var environment = PackageMirrorLinks.gitEnvironment(mirrors)
            environment["GIT_TERMINAL_PROMPT"] = "0"
            result = try await Subprocess.run(
                .name("git"), arguments: Arguments(arguments), environment: .inherit.updating(environment),
                workingDirectory: FilePath(folder.path), output: .string(limit: 1024 * 1024), error: .string(limit: 1024 * 1024))
        } catch {
            throw .environment("cannot run git: \(error)")
        }
        if case .exited(0) = result.terminationStatus { return nil }
        let lines = result.standardError.split(separator: "\n").map(String.init).suffix(6)
        return lines.isEmpty ? ["git \(arguments.first ?? "") failed"] : Array(lines)
    }

    private static func output(_ arguments: [String], in folder: URL) async throws -> String {
        let result = try await Subprocess.run(
            .name("git"), arguments: Arguments(arguments), workingDirectory: FilePath(folder.path),
            output: .string(limit: 4096), error: .discarded)
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
