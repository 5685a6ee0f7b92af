import NSESimCore

/// An `expect` the report cannot be checked against: refused when the case is loaded
/// (exit 65, naming the case file), rather than passing without checking anything.
package enum ReplayExpectationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key that names nothing the report has (`"outcom"`, a content key that is not one of
    /// Apple's): where it is (`expect`, `expect.delivered`), the key, the keys that may be there.
    case unknownKey(path: String, key: String, known: [String])
    /// A value the report's field cannot hold (`"handlerCalls": "one"`), described in full.
    case mismatch(String)

    package var description: String {
        switch self {
        case .unknownKey(let path, let key, let known):
            let nearest = known.min { Self.distance($0, key) < Self.distance($1, key) }
            let suggestion = nearest.flatMap { Self.distance($0, key) <= 2 ? " (did you mean \"\($0)\"?)" : nil } ?? ""
            return "\(path).\(key): the report (version \(NotificationReport.currentVersion)) has no such field\(suggestion); "
                + "known keys here: \(known.joined(separator: ", "))"
        case .mismatch(let message):
            return message
        }
    }

    /// The edit distance between two keys, for the suggestion.
    static func distance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
