import Foundation
import NSESimPayload

/// The devices the local APNs knows: the valid tokens (`--tokens FILE`; any well-formed
/// token when none is given), each optionally for one topic, and those unregistered
/// (`nsesim apns unregister TOKEN`) with when.
package struct DeviceRegistry: Sendable, Equatable {
    /// Valid tokens (lowercased) → the topic they belong to (nil: any topic of the app). nil: every token is valid.
    package var tokens: [String: String?]?
    /// Unregistered tokens (lowercased) → milliseconds since 1970.
    package var unregistered: [String: Int64]

    package init(tokens: [String: String?]? = nil, unregistered: [String: Int64] = [:]) {
        self.tokens = tokens
        self.unregistered = unregistered
    }

    /// Why a tokens file could not be used.
    package struct LoadError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// Reads a tokens file: a token per line, optionally followed by its topic; `#` starts a comment.
    package static func tokens(fromFile path: String) throws(LoadError) -> [String: String?] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw LoadError(description: "\(path): cannot read the tokens file; give a file with a device token (hexadecimal) per line")
        }
        var tokens: [String: String?] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let token = fields.first else { continue }
            guard isWellFormed(token), fields.count <= 2 else {
                throw LoadError(description: "\(path):\(number + 1): expected TOKEN [TOPIC], TOKEN hexadecimal digits; found \"\(line)\"")
            }
            tokens[token.lowercased()] = fields.count == 2 ? fields[1] : nil
        }
        return tokens
    }

    /// A device token as APNs hands them out (`DeviceToken.isWellFormed`, NSESimPayload's).
    package static func isWellFormed(_ token: String) -> Bool { DeviceToken.isWellFormed(token) }

    /// The file beside the app's notification center that keeps unregistered tokens.
    package static func unregisteredFile(appFolder: URL) -> URL {
        appFolder.appendingPathComponent("APNs").appendingPathComponent("unregistered.json")
    }

    /// The unregistered tokens kept in `file` (none when it does not exist).
    package static func loadUnregistered(from file: URL) -> [String: Int64] {
        guard let data = try? Data(contentsOf: file),
            let decoded = try? JSONDecoder().decode([String: Int64].self, from: data)
        else { return [:] }
        return decoded
    }

    /// Marks `token` unregistered at `date`, in `file`.
    package static func unregister(_ token: String, at date: Date, in file: URL) throws {
        var all = loadUnregistered(from: file)
        all[token.lowercased()] = Int64(date.timeIntervalSince1970 * 1000)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(all).write(to: file, options: .atomic)
    }
}
