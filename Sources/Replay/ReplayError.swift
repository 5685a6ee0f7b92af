/// Why replay cannot run.
package enum ReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No cases folder or file at the path (exit 66).
    case missing(String)
    /// A case file is not a valid case (exit 65).
    case badCase(String, String)
    /// `--shard` is not `I/N` with 1 <= I <= N.
    case badShard(String)

    package var exitStatus: Int32 {
        switch self {
        case .missing: 66
        case .badCase: 65
        case .badShard: 64
        }
    }

    package var description: String {
        switch self {
        case .missing(let path): "\(path): no cases folder or file there"
        case .badCase(let path, let message): "\(path): \(message)"
        case .badShard(let text): "--shard \(text): expected I/N with 1 <= I <= N, e.g. 2/4"
        }
    }
}
