import NSESimRuntime

/// Why replay cannot run.
package enum ReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No cases folder or file at the path (exit 66).
    case missing(String)
    /// A case file is not a valid case (exit 65).
    case badCase(String, String)
    /// `--shard` is not `I/N` with 1 <= I <= N.
    case badShard(String)
    /// `--shard auto` found no CI parallelism variables, or unusable ones (the message says which).
    case badCIShard(String)

    /// The process exit status for this error.
    package var exitStatus: ExitStatus {
        switch self {
        case .missing: .missingFile
        case .badCase: .badInput
        case .badShard, .badCIShard: .usage
        }
    }

    package var description: String {
        switch self {
        case .missing(let path): "\(path): no cases folder or file there"
        case .badCase(let path, let message): "\(path): \(message)"
        case .badShard(let text): "--shard \(text): expected I/N with 1 <= I <= N, e.g. 2/4"
        case .badCIShard(let message): "--shard auto: \(message)"
        }
    }
}
