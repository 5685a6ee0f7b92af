/// Which characters of a Swift source are code, as opposed to comments and string literals
/// (plain, multi-line and raw): the source rewrites (`ObjCAttributes`, `ErrorBridging`)
/// change code only.
enum SwiftCodeMask {
    /// One flag per character: true where it is code.
    static func of(_ characters: [Character]) -> [Bool] {
        var mask = [Bool](repeating: true, count: characters.count)
        func starts(with word: String, at position: Int) -> Bool {
            let word = Array(word)
            guard position + word.count <= characters.count else { return false }
            return Array(characters[position..<position + word.count]) == word
        }
        func markNotCode(_ start: Int, _ end: Int) {
            for position in start..<min(end, characters.count) { mask[position] = false }
        }
        var index = 0
        while index < characters.count {
            if starts(with: "//", at: index) {
                var end = index
                while end < characters.count, characters[end] != "\n" { end += 1 }
                markNotCode(index, end)
                index = end
                continue
            }
            if starts(with: "/*", at: index) {
                var depth = 0
                var end = index
                while end < characters.count {
                    if starts(with: "/*", at: end) {
                        depth += 1
                        end += 2
                        continue
                    }
                    if starts(with: "*/", at: end) {
                        depth -= 1
                        end += 2
                        if depth == 0 { break }
                        continue
                    }
                    end += 1
                }
                markNotCode(index, end)
                index = end
                continue
            }
            if characters[index] == "#" || characters[index] == "\"" {
                var hashes = 0
                while index + hashes < characters.count, characters[index + hashes] == "#" { hashes += 1 }
                let quote = index + hashes
                if quote < characters.count, characters[quote] == "\"" {
                    let multiline = starts(with: "\"\"\"", at: quote)
                    let delimiter = Array(multiline ? "\"\"\"" : "\"") + Array(repeating: Character("#"), count: hashes)
                    var end = quote + (multiline ? 3 : 1)
                    var interpolations: [Range<Int>] = []
                    let escape = Array("\\" + String(repeating: "#", count: hashes) + "(")
                    while end < characters.count {
                        // An interpolation, \( ... ) (\#( ... ) in a raw string), is code.
                        if end + escape.count <= characters.count, Array(characters[end..<end + escape.count]) == escape {
                            var depth = 1
                            var close = end + escape.count
                            while close < characters.count, depth > 0 {
                                if characters[close] == "(" { depth += 1 }
                                if characters[close] == ")" { depth -= 1 }
                                close += 1
                            }
                            interpolations.append((end + escape.count)..<(close - 1))
                            end = close
                            continue
                        }
                        if hashes == 0, characters[end] == "\\" {
                            end += 2
                            continue
                        }
                        if !multiline, characters[end] == "\n" { break }
                        if end + delimiter.count <= characters.count, Array(characters[end..<end + delimiter.count]) == delimiter {
                            end += delimiter.count
                            break
                        }
                        end += 1
                    }
                    markNotCode(index, end)
                    for interpolation in interpolations {
                        for position in interpolation where position < characters.count { mask[position] = true }
                    }
                    index = end
                    continue
                }
            }
            index += 1
        }
        return mask
    }
}
