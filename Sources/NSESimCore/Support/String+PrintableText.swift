extension String {
    /// The string for one line of text output: control characters (newline, tab, NUL, ...)
    /// written as Swift escapes (`\n`, `\t`, `\0`, `\u{1B}`), so that an identifier chosen by
    /// an extension or a payload cannot break a report's layout. JSON output keeps the
    /// string exactly.
    package var printable: String {
        guard unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case "\0": text += "\\0"
            case _ where scalar.properties.generalCategory == .control:
                text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
