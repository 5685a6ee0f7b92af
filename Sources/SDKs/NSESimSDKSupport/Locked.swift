import Foundation

/// A value behind a lock, for results that several threads write and one reads after.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    /// `value`, behind a lock of its own.
    public init(_ value: Value) { stored = value }

    /// The value, read or replaced under the lock.
    public var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value under the lock (read and write as one step).
    public func mutate<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&stored) }
    }
}
