/// Fills a localized format with arguments the way iOS does for `loc-args`:
/// `%@` takes the next argument, `%n$@` the n-th, `%%` is a percent sign. Integer and
/// float conversions (`%d`, `%i`, `%u`, `%ld`, `%lld`, `%lu`, `%f`, `%s`) are treated
/// like `%@`, since APNs arguments are strings. A missing argument prints `(null)`, as
/// Foundation's formatter does for a nil object.
@_spi(NSESim) public enum LocalizedFormat {
    @_spi(NSESim) public static func substitute(_ format: String, arguments: [String]) -> String {
        let scalars = Array(format.unicodeScalars)
        var output = String.UnicodeScalarView()
        var next = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%", index + 1 < scalars.count else {
                output.append(scalar)
                index += 1
                continue
            }
            if scalars[index + 1] == "%" {
                output.append("%")
                index += 2
                continue
            }
            // %[n$][l|ll]conversion
            var cursor = index + 1
            var position: Int?
            var digits = ""
            while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
                digits.unicodeScalars.append(scalars[cursor])
                cursor += 1
            }
            if !digits.isEmpty, cursor < scalars.count, scalars[cursor] == "$" {
                position = Int(digits)
                cursor += 1
            } else {
                cursor = index + 1
            }
            while cursor < scalars.count, scalars[cursor] == "l" { cursor += 1 }
            guard cursor < scalars.count, "@diufs".unicodeScalars.contains(scalars[cursor]) else {
                output.append(scalar)  // not a conversion: keep the text as it is
                index += 1
                continue
            }
            let argumentIndex: Int
            if let position {
                argumentIndex = position - 1
            } else {
                argumentIndex = next
                next += 1
            }
            let argument = arguments.indices.contains(argumentIndex) ? arguments[argumentIndex] : "(null)"
            output.append(contentsOf: argument.unicodeScalars)
            index = cursor + 1
        }
        return String(output)
    }
}
