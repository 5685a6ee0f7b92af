import Foundation

/// The size of a label's text, measured without a font renderer: each character has an
/// approximate advance in ems of the system font (SF Pro's average widths by class: 0.26 for a
/// space, 0.25 for i/l/j and narrow punctuation, 0.35 for f/t/r, 0.82 for m/w, 0.92 for M/W,
/// 0.53 for other lower-case letters, 0.66 for other capitals, 0.6 for digits, 1.0 for CJK and
/// emoji), 5 % wider for bold weights; a line is `UIFont.lineHeight` high (1.19 em). Text wraps
/// at spaces, greedily, when the label has a width and more than one line; results are rounded
/// up to the pixel (1/3 point).
struct TextMeasure: Hashable, Sendable {
    var text: String
    var pointSize: Double
    var bold: Bool
    var numberOfLines: Int
    var preferredMaxLayoutWidth: Double

    var lineHeight: Double { pointSize * 1.19 }

    /// The advance of a character, in ems.
    static func advance(of character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.value >= 0x2E80 { return 1.0 }
        switch character {
        case " ": return 0.26
        case "i", "l", "j", ".", ",", ":", ";", "'", "|", "!", "I": return 0.25
        case "f", "t", "r": return 0.35
        case "m", "w": return 0.82
        case "M", "W": return 0.92
        case "0"..."9": return 0.6
        case "a"..."z": return 0.53
        case "A"..."Z": return 0.66
        default: return character.isLetter ? 0.55 : 0.4
        }
    }

    /// The width of a run of text on one line, in points.
    func width(of text: some StringProtocol) -> Double {
        text.reduce(0) { $0 + Self.advance(of: $1) } * pointSize * (bold ? 1.05 : 1)
    }

    /// The lines of the text wrapped at `limit` (nil: only at line breaks), at most `numberOfLines` (0: any).
    func lines(wrappingAt limit: Double?) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let limit, numberOfLines != 1 else {
                lines.append(String(paragraph))
                continue
            }
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if width(of: candidate) <= limit + 0.01 || line.isEmpty {
                    line = candidate
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        if numberOfLines == 1 { return [lines.joined(separator: " ")] }
        return numberOfLines > 0 ? Array(lines.prefix(numberOfLines)) : lines
    }

    /// The size of the text laid out in `width` (nil: as wide as it needs, or `preferredMaxLayoutWidth`).
    func size(forWidth width: Double?) -> CGSize {
        if text.isEmpty { return .zero }
        let limit = width ?? (preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : nil)
        let lines = lines(wrappingAt: limit)
        var widest = lines.map { self.width(of: $0) }.max() ?? 0
        if let limit { widest = min(widest, limit) }
        let up = { (value: Double) in (value * 3).rounded(.up) / 3 }
        return CGSize(width: up(widest), height: up(Double(lines.count) * lineHeight))
    }
}
