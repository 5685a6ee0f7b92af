import NSESimRuntime

/// Why a payload (or the headers that come with it) cannot be pushed.
///
/// Every case names the file or key and says what was expected, so the user can fix the
/// input; ``exitStatus`` follows docs/behaviour.md#exit-codes.
package enum PayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no file at the path (exit 66).
    case fileMissing(path: String)
    /// The file exists but cannot be read (exit 66).
    case unreadable(path: String, reason: String)
    /// The text is not JSON.
    case notJSON(path: String, detail: String)
    /// The JSON is not a dictionary at the top level.
    case notAnObject(path: String, found: String)
    /// The payload has no `aps` dictionary.
    case missingAps(path: String)
    /// A key holds a value of the wrong type.
    case wrongType(path: String, key: String, expected: String, found: String)
    /// The payload is larger than APNs accepts.
    case tooLarge(path: String, size: Int, limit: Int, pushType: PushType)
    /// A header value APNs would refuse.
    case badHeader(name: String, message: String)
    /// The `--strings` file cannot be used.
    case badStrings(message: String)
    /// The payload uses `{{server}}` and no fixture server was given (exit 64).
    case needsServer(path: String)

    /// The process exit status for this error: a missing file, the usage for a missing
    /// server, else bad input.
    package var exitStatus: ExitStatus {
        switch self {
        case .fileMissing, .unreadable: .missingFile
        case .needsServer: .usage
        default: .badInput
        }
    }

    package var description: String {
        switch self {
        case .fileMissing(let path):
            "\(path): no such file"
        case .unreadable(let path, let reason):
            "\(path): cannot be read: \(reason)"
        case .notJSON(let path, let detail):
            "\(path): not valid JSON: \(detail)"
        case .notAnObject(let path, let found):
            "\(path): a payload must be a JSON dictionary with an \"aps\" key, found \(found)"
        case .missingAps(let path):
            "\(path): the payload has no \"aps\" dictionary; every APNs payload needs one, e.g. {\"aps\": {\"alert\": \"Hello\"}}"
        case .wrongType(let path, let key, let expected, let found):
            "\(path): \(key): expected \(expected), found \(found)"
        case .tooLarge(let path, let size, let limit, let pushType):
            "\(path): the payload is \(size) bytes; APNs accepts at most \(limit) bytes for \(pushType.rawValue) pushes"
        case .badHeader(let name, let message):
            "header \(name) \(message)"
        case .badStrings(let message):
            "strings file \(message)"
        case .needsServer(let path):
            "\(path) \(ServerPlaceholder.needsServe)"
        }
    }
}
