import Foundation

extension PayloadParser {
    /// Parses payload text in which `{{server}}` stands for the fixture server's address
    /// (docs/behaviour.md#the-server-placeholder): the one place the placeholder is filled, for every command, replay
    /// case and benchmark. A payload that uses it without a server is refused.
    package static func parse(
        text: String, path: String, server: URL?,
        options: PayloadOptions = PayloadOptions()
    ) throws(PayloadError) -> ParsedPayload {
        var text = text
        if ServerPlaceholder.isUsed(in: text) {
            guard let server else { throw .needsServer(path: path) }
            text = ServerPlaceholder.fill(text, server: server)
        }
        return try parse(data: Data(text.utf8), path: path, options: options)
    }

    /// Reads the payload file at `path` and parses it with `{{server}}` filled.
    package static func parse(
        fileAt path: String, server: URL?,
        options: PayloadOptions = PayloadOptions()
    ) throws(PayloadError) -> ParsedPayload {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8),
            ServerPlaceholder.isUsed(in: text)
        else {
            return try parse(fileAt: path, options: options)
        }
        return try parse(text: text, path: path, server: server, options: options)
    }

    /// Whether the payload file at `path` uses `{{server}}` (and so needs a fixture server).
    package static func needsServer(fileAt path: String) -> Bool {
        (try? String(contentsOfFile: path, encoding: .utf8)).map(ServerPlaceholder.isUsed) == true
    }
}
