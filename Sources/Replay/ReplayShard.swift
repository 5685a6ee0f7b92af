import Crypto
import Foundation

/// `--shard I/N`: a stable 1/N of the cases, so that a CI matrix can split a suite across
/// machines. A case's shard depends only on its name (a hash), not on which other cases
/// exist, so adding a case never moves the others.
package struct ReplayShard: Sendable, Equatable {
    /// 1...count.
    package let index: Int
    package let count: Int

    package init(_ text: String) throws(ReplayError) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw .badShard(text)
        }
        self.index = index
        self.count = count
    }

    /// Whether the case named `name` belongs to this shard.
    package func contains(_ name: String) -> Bool {
        let digest = SHA256.hash(data: Data(name.utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(value % UInt64(count)) == index - 1
    }
}
