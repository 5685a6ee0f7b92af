import Foundation

/// A single byte range of a `Range: bytes=...` request header (RFC 9110 section 14),
/// resolved against the size of the file.
///
/// Forms: `bytes=a-b`, `bytes=a-` and `bytes=-n` (the last n bytes). A header with several
/// ranges, another unit or bad syntax is ignored (the whole file is served), as RFC 9110
/// allows; a well-formed range that starts at or past the end is unsatisfiable (416).
enum ByteRange: Equatable, Sendable {
    /// The bytes `lowerBound...upperBound` (inclusive, within the file).
    case satisfiable(ClosedRange<Int>)
    /// The range lies outside the file: answer 416 with `Content-Range: bytes */SIZE`.
    case unsatisfiable

    /// The range of `header` in a file of `size` bytes, or nil when the header is to be ignored.
    static func parse(_ header: String, size: Int) -> ByteRange? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes=") else { return nil }
        let spec = trimmed.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        guard first.allSatisfy(\.isASCIIDigit), last.allSatisfy(\.isASCIIDigit) else { return nil }

        switch (first.isEmpty, last.isEmpty) {
        case (true, true):
            return nil
        case (true, false):
            // The last n bytes.
            let count = Int(last) ?? Int.max  // more digits than an Int holds: the whole file
            guard count > 0, size > 0 else { return .unsatisfiable }
            return .satisfiable(max(0, size - count)...(size - 1))
        case (false, _):
            guard let start = Int(first) else { return .unsatisfiable }  // beyond any file
            let end = last.isEmpty ? Int.max : (Int(last) ?? Int.max)
            guard end >= start else { return nil }
            guard start < size else { return .unsatisfiable }
            return .satisfiable(start...min(end, size - 1))
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
