extension String {
    /// The string for one line of text output: control characters (newline, tab, NUL, ...)
    /// written as Swift escapes (`\n`, `\t`, `\0`, `\u{1B}`), so that an identifier chosen by
    /// an extension or a payload cannot break a report's layout. JSON output keeps the
    /// string exactly.
    package var printable: String {
        guard unicodeScalars.contains(where: { $0.isControl }) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case "\0": text += "\\0"
            case _ where scalar.isControl:
                text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

extension Unicode.Scalar {
    /// General category Cc (U+0000-U+001F, U+007F-U+009F), by range: the Unicode property
    /// lookup was a fifth of `nsesim center ls` on 100,000 notifications.
    fileprivate var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
