import Foundation

/// nsesim's own environment, read once: what every extension process inherits under the
/// variables of its launch. nsesim never changes its environment while it runs, so one
/// reading serves every launch (`ProcessInfo.environment` builds a new dictionary from
/// `environ` at each call: a replay paid for it several times a case).
package enum InheritedEnvironment {
    /// The variables nsesim was started with.
    package static let variables: [String: String] = ProcessInfo.processInfo.environment
}
