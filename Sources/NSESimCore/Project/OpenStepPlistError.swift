import Foundation

/// Where and why an old-style property list cannot be read.
package struct OpenStepPlistError: Error, Sendable, Equatable, CustomStringConvertible {
    package let line: Int
    package let column: Int
    package let message: String

    package var description: String { "\(line):\(column): \(message)" }
}
