import Foundation

/// A random number generator (only the default one exists).
public typealias SecRandomRef = OpaquePointer
/// The default generator: the system's.
nonisolated(unsafe) public let kSecRandomDefault: SecRandomRef? = nil

/// Fills `bytes` with `count` cryptographically secure random bytes; 0 on success.
@discardableResult
public func SecRandomCopyBytes(_ rnd: SecRandomRef?, _ count: Int, _ bytes: UnsafeMutableRawPointer) -> Int32 {
    var generator = SystemRandomNumberGenerator()
    let buffer = bytes.assumingMemoryBound(to: UInt8.self)
    for index in 0..<count { buffer[index] = UInt8.random(in: 0...255, using: &generator) }
    return errSecSuccess
}
