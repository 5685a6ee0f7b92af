import Foundation

/// The network profiles: the built-in ones (the bundled `network-profiles.json`) and those
/// of a user's file, which override built-in ones of the same name (docs/behaviour.md#network-profiles).
///
/// A profiles file holds `{"profiles": [...]}` (as the bundled file does) or just the array.
/// Each profile needs a `name`; `downlinkKbps` (absent or null: unlimited), `latencyMs`,
/// `firstByteDelayMs` and `lossPercent` (0...100) default to no limit and no delay.
package enum NetworkProfiles {
    /// The file name of the built-in profiles in the module's resources.
    static let builtInFileName = "network-profiles.json"
    /// The folder SwiftPM puts the module's resources in, beside the executable.
    static let resourceFolderName = "nsesim_FixtureServer.resources"

    /// The built-in profiles (the bundled network-profiles.json), plus those in `file` (which override by name).
    package static func load(from file: URL? = nil) throws(FixtureServerError) -> [NetworkProfile] {
        var profiles = try builtIn()
        guard let file else { return profiles }
        for profile in try decode(fileAt: file) {
            if let index = profiles.firstIndex(where: { $0.name.caseInsensitiveCompare(profile.name) == .orderedSame }) {
                profiles[index] = profile
            } else {
                profiles.append(profile)
            }
        }
        return profiles
    }

    /// The profile with this name (case-insensitive), or an error listing the names.
    package static func named(_ name: String, in profiles: [NetworkProfile]) throws(FixtureServerError) -> NetworkProfile {
        let wanted = name.trimmingCharacters(in: .whitespaces)
        guard let profile = profiles.first(where: { $0.name.caseInsensitiveCompare(wanted) == .orderedSame }) else {
            throw .unknownProfile(name, profiles.map(\.name))
        }
        return profile
    }

    /// The bundled profiles.
    package static func builtIn() throws(FixtureServerError) -> [NetworkProfile] {
        guard let file = builtInFile() else {
            throw .badProfiles(
                builtInFileName,
                "the built-in profiles were not found: \(resourceFolderName) "
                    + "should sit beside the executable")
        }
        return try decode(fileAt: file)
    }

    /// Profiles from JSON data; `source` names the data in errors.
    package static func decode(_ data: Data, source: String) throws(FixtureServerError) -> [NetworkProfile] {
        let entries: [Entry]
        do {
            let startsAsArray = data.first { !Character(UnicodeScalar($0)).isWhitespace } == UInt8(ascii: "[")
            entries =
                startsAsArray
                ? try JSONDecoder().decode([Entry].self, from: data)
                : try JSONDecoder().decode(File.self, from: data).profiles
        } catch {
            throw .badProfiles(source, reason(error))
        }
        var profiles: [NetworkProfile] = []
        for (index, entry) in entries.enumerated() {
            let profile = try entry.profile(at: index, source: source)
            if profiles.contains(where: { $0.name.caseInsensitiveCompare(profile.name) == .orderedSame }) {
                throw .badProfiles(source, "the name \"\(profile.name)\" is used twice")
            }
            profiles.append(profile)
        }
        return profiles
    }

    private static func decode(fileAt file: URL) throws(FixtureServerError) -> [NetworkProfile] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            let reason = FileManager.default.fileExists(atPath: file.path) ? "cannot be read" : "no such file"
            throw .badProfiles(file.path, reason)
        }
        return try decode(data, source: file.path)
    }

    /// Where the bundled file is: in the resource folder beside the running executable
    /// (also when that executable was reached through a symbolic link).
    private static func builtInFile() -> URL? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let folders = [
            Bundle.main.bundleURL, executable.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent(),
        ]
        for folder in folders {
            let candidate = folder.appendingPathComponent(resourceFolderName).appendingPathComponent(builtInFileName)
            if FileManager.default.isReadableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// A readable reason for a decoding error.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: ["."])
    }

    /// The file: an object holding the profiles.
    private struct File: Decodable {
        var profiles: [Entry]
    }

    /// One profile as written, its numbers optional.
    private struct Entry: Decodable {
        var name: String
        var downlinkKbps: Double?
        var latencyMs: Double?
        var firstByteDelayMs: Double?
        var lossPercent: Double?

        func profile(at index: Int, source: String) throws(FixtureServerError) -> NetworkProfile {
            let label = "profile \(index + 1)" + (name.isEmpty ? "" : " (\(name))")
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .badProfiles(source, "\(label) has an empty name")
            }
            if let downlinkKbps, !(downlinkKbps > 0 && downlinkKbps.isFinite) {
                throw .badProfiles(source, "\(label): downlinkKbps must be above 0 (or null for unlimited)")
            }
            for (key, value) in [("latencyMs", latencyMs), ("firstByteDelayMs", firstByteDelayMs)] {
                if let value, !(value >= 0 && value.isFinite) {
                    throw .badProfiles(source, "\(label): \(key) must be 0 or more")
                }
            }
            if let lossPercent, !(0...100).contains(lossPercent) {
                throw .badProfiles(source, "\(label): lossPercent must be between 0 and 100")
            }
            return NetworkProfile(
                name: name, downlinkKbps: downlinkKbps, latencyMs: latencyMs ?? 0,
                firstByteDelayMs: firstByteDelayMs, lossPercent: lossPercent ?? 0)
        }
    }
}
