/// A property of the parser's result that does not hold for one input.
struct CheckFailure: Error, CustomStringConvertible {
    /// What does not hold, with the values involved.
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { "check failed: \(message)" }
}

/// Throws a ``CheckFailure`` with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(CheckFailure) {
    guard condition else { throw CheckFailure(message()) }
}
