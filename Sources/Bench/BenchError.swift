/// Why a bench cannot run; each message names the input to fix.
package enum BenchError: Error, Sendable, CustomStringConvertible, Equatable {
    /// A `--fail-if` expression that does not parse: the expression and what is wrong.
    case badThreshold(String, String)
    /// A payload that cannot be read or parsed: its path and the parser's message.
    case badPayload(String, String)
    /// The fixture server cannot start for a network profile.
    case serverUnavailable(network: String, reason: String)

    package var description: String {
        switch self {
        case .badThreshold(let expression, let reason): "--fail-if '\(expression)': \(reason)"
        case .badPayload(let path, let reason): "\(path): \(reason)"
        case .serverUnavailable(let network, let reason): "the fixture server for network \(network) cannot start: \(reason)"
        }
    }
}
