/// Why the fixture server, or the network profiles it applies, could not be used.
package enum FixtureServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder to serve is missing or is not a folder.
    case missingFolder(String)
    /// The port could not be listened on (the port, the reason: e.g. it is taken).
    case portUnavailable(Int, String)
    /// A profiles file could not be read or holds a bad profile (the file, the reason).
    case badProfiles(String, String)
    /// No profile has this name (the name, the known names).
    case unknownProfile(String, [String])
    /// The server could not start for another reason.
    case startFailed(String)

    package var description: String {
        switch self {
        case .missingFolder(let path):
            return "\(path): no such folder to serve"
        case .portUnavailable(let port, let reason):
            return "cannot listen on 127.0.0.1 port \(port): \(reason)"
        case .badProfiles(let file, let reason):
            return "bad network profiles in \(file): \(reason)"
        case .unknownProfile(let name, let known):
            return "unknown network profile \"\(name)\"; known profiles: \(known.joined(separator: ", "))"
        case .startFailed(let reason):
            return "the fixture server could not start: \(reason)"
        }
    }
}
