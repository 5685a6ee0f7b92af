import Foundation

/// Where and why an old-style property list cannot be read.
package struct OpenStepPlistError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    package let line: Int
    /// The column in bytes, from 1.
    package let column: Int
    /// What is wrong there.
    package let message: String

    /// `line:column: message`.
    package var description: String { "\(line):\(column): \(message)" }
}
