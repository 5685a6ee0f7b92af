import Foundation

/// Apple's predicate format language, the part apps write: comparisons (`==`, `=`, `!=`, `<>`,
/// `<`, `<=`, `>`, `>=`, `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE`, `MATCHES`, `IN`,
/// `BETWEEN`, with `[c]`, `[d]`, `[cd]`), `AND`/`&&`, `OR`/`||`, `NOT`/`!`, parentheses,
/// `TRUEPREDICATE`/`FALSEPREDICATE`, key paths, `SELF`, string and number literals, `YES`/`NO`,
/// `TRUE`/`FALSE`, `NIL`/`NULL`, `{…}` aggregates, and the arguments `%@`, `%K`, `%d`, `%i`,
/// `%ld`, `%lld`, `%u`, `%lu`, `%f`, `%lf`, `%g`, `%s`.
struct PredicateParser {
    private enum Token: Equatable {
        case word(String)  // identifier or keyword, as written
        case symbol(String)  // ( ) { } , == != < <= > >= && || ! =
        case string(String)
        case number(String)
        case argument(Character)  // @ K d f s
        case options(String)  // the letters inside [ ]
    }

    private let format: String
    private var tokens: [Token] = []
    private var position = 0
    private var arguments: [Any?]
    private var nextArgument = 0

    /// Parses `format`, taking `arguments` in order for its `%` placeholders.
    static func parse(_ format: String, arguments: [Any?]) throws(PredicateFormatError) -> PredicateExpression {
        var parser = PredicateParser(format: format, arguments: arguments)
        parser.tokens = try parser.tokenize()
        let expression = try parser.orExpression()
        guard parser.position == parser.tokens.count else {
            throw parser.fail("unexpected \(parser.describe(parser.tokens[parser.position]))")
        }
        return expression
    }

    private init(format: String, arguments: [Any?]) {
        self.format = format
        self.arguments = arguments
    }

    private func fail(_ reason: String) -> PredicateFormatError { PredicateFormatError(format: format, reason: reason) }

    // MARK: - Tokens

    private func tokenize() throws(PredicateFormatError) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(format)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
                continue
            }
            if character == "'" || character == "\"" {
                var text = ""
                index += 1
                while index < characters.count, characters[index] != character {
                    if characters[index] == "\\", index + 1 < characters.count {
                        index += 1
                        switch characters[index] {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        default: text.append(characters[index])
                        }
                    } else {
                        text.append(characters[index])
                    }
                    index += 1
                }
                guard index < characters.count else { throw fail("unterminated string") }
                index += 1
                tokens.append(.string(text))
                continue
            }
            if character == "%" {
                index += 1
                while index < characters.count, "lhqL0123456789.$".contains(characters[index]) { index += 1 }
                guard index < characters.count else { throw fail("a % at the end") }
                let conversion = characters[index]
                index += 1
                switch conversion {
                case "@", "K": tokens.append(.argument(conversion))
                case "d", "i", "u", "x", "X", "o", "D", "U", "O": tokens.append(.argument("d"))
                case "f", "g", "e", "F", "G", "E", "a": tokens.append(.argument("f"))
                case "s", "S", "c", "C": tokens.append(.argument("s"))
                case "%": throw fail("%% is not a value")
                default: throw fail("unknown conversion %\(conversion)")
                }
                continue
            }
            if character == "[" {
                var letters = ""
                index += 1
                while index < characters.count, characters[index] != "]" {
                    letters.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw fail("unterminated [") }
                index += 1
                tokens.append(.options(letters.lowercased()))
                continue
            }
            if character.isNumber
                || (character == "-" || character == "+") && index + 1 < characters.count && characters[index + 1].isNumber
                    && !(tokens.last.map(Self.endsOperand) ?? false)
            {
                var text = String(character)
                index += 1
                while index < characters.count,
                    characters[index].isNumber || characters[index] == "." || characters[index] == "e"
                        || characters[index] == "x" || characters[index].isHexDigit && text.hasPrefix("0x")
                {
                    text.append(characters[index])
                    index += 1
                }
                tokens.append(.number(text))
                continue
            }
            if character.isLetter || character == "_" || character == "#" || character == "$" || character == "@" {
                var text = ""
                if character == "#" { index += 1 }  // a reserved word used as a key
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                        || characters[index] == "." || characters[index] == "@" || characters[index] == "$"
                {
                    text.append(characters[index])
                    index += 1
                }
                tokens.append(character == "#" ? .word("#" + text) : .word(text))
                continue
            }
            let two = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
            if ["==", "!=", "<>", "<=", ">=", "=<", "=>", "&&", "||"].contains(two) {
                let normalized = ["<>": "!=", "=<": "<=", "=>": ">="][two] ?? two
                tokens.append(.symbol(normalized))
                index += 2
                continue
            }
            if "(){},<>=!".contains(character) {
                tokens.append(.symbol(character == "=" ? "==" : String(character)))
                index += 1
                continue
            }
            throw fail("unexpected character '\(character)'")
        }
        return tokens
    }

    private static func endsOperand(_ token: Token) -> Bool {
        switch token {
        case .string, .number, .argument: true
        case .word(let word): !Self.keywords.contains(word.uppercased())
        case .symbol(let symbol): symbol == ")" || symbol == "}"
        case .options: false
        }
    }

    private static let keywords: Set<String> = [
        "AND", "OR", "NOT", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES", "IN",
        "BETWEEN", "ANY", "ALL", "NONE", "SOME",
    ]

    private func describe(_ token: Token) -> String {
        switch token {
        case .word(let word): "'\(word)'"
        case .symbol(let symbol): "'\(symbol)'"
        case .string(let text): "the string '\(text)'"
        case .number(let text): "the number \(text)"
        case .argument(let conversion): "%\(conversion)"
        case .options(let letters): "[\(letters)]"
        }
    }

    private var current: Token? { position < tokens.count ? tokens[position] : nil }

    private func isWord(_ token: Token?, _ words: String...) -> Bool {
        guard case .word(let word)? = token else { return false }
        return words.contains(word.uppercased())
    }

    // MARK: - Grammar

    private mutating func orExpression() throws(PredicateFormatError) -> PredicateExpression {
        var expression = try andExpression()
        while isWord(current, "OR") || current == .symbol("||") {
            position += 1
            expression = .or(expression, try andExpression())
        }
        return expression
    }

    private mutating func andExpression() throws(PredicateFormatError) -> PredicateExpression {
        var expression = try notExpression()
        while isWord(current, "AND") || current == .symbol("&&") {
            position += 1
            expression = .and(expression, try notExpression())
        }
        return expression
    }

    private mutating func notExpression() throws(PredicateFormatError) -> PredicateExpression {
        if isWord(current, "NOT") || current == .symbol("!") {
            position += 1
            return .not(try notExpression())
        }
        return try primary()
    }

    private mutating func primary() throws(PredicateFormatError) -> PredicateExpression {
        if isWord(current, "TRUEPREDICATE") {
            position += 1
            return .constant(true)
        }
        if isWord(current, "FALSEPREDICATE") {
            position += 1
            return .constant(false)
        }
        if current == .symbol("(") {
            // A parenthesised predicate (an aggregate starts with `{`, so `(` is always a group).
            position += 1
            let expression = try orExpression()
            guard current == .symbol(")") else { throw fail("expected )") }
            position += 1
            return expression
        }
        if isWord(current, "ANY", "ALL", "NONE", "SOME") {
            throw fail("aggregate operators (ANY, ALL, NONE, SOME) are not supported by nsesim's CoreData")
        }
        let left = try operand()
        let op = try comparisonOperator()
        var options = PredicateOptions()
        if case .options(let letters)? = current {
            position += 1
            if letters.contains("c") { options.insert(.caseInsensitive) }
            if letters.contains("d") { options.insert(.diacriticInsensitive) }
        }
        let right = try operand()
        return .comparison(left, op, right, options)
    }

    private mutating func comparisonOperator() throws(PredicateFormatError) -> PredicateOperator {
        guard let token = current else { throw fail("expected an operator at the end") }
        position += 1
        switch token {
        case .symbol(let symbol):
            if let op = PredicateOperator(rawValue: symbol) { return op }
        case .word(let word):
            if let op = PredicateOperator(rawValue: word.uppercased()) { return op }
        default:
            break
        }
        throw fail("expected an operator, found \(describe(token))")
    }

    private mutating func operand() throws(PredicateFormatError) -> PredicateOperand {
        guard let token = current else { throw fail("expected a value at the end") }
        position += 1
        switch token {
        case .string(let text):
            return .value(text)
        case .number(let text):
            if text.hasPrefix("0x"), let number = Int64(text.dropFirst(2), radix: 16) { return .value(NSNumber(value: number)) }
            if let number = Int64(text) { return .value(NSNumber(value: number)) }
            if let number = Double(text) { return .value(NSNumber(value: number)) }
            throw fail("bad number \(text)")
        case .argument(let conversion):
            guard nextArgument < arguments.count else { throw fail("more placeholders than arguments") }
            let argument = arguments[nextArgument]
            nextArgument += 1
            switch conversion {
            case "K":
                guard let key = argument as? String else { throw fail("%K needs a key path string") }
                return .keyPath(key)
            case "d":
                guard let argument, let number = ManagedValue.number(argument) else { throw fail("%d needs an integer") }
                return .value(NSNumber(value: number.int64Value))
            case "f":
                guard let argument, let number = ManagedValue.number(argument) else { throw fail("%f needs a number") }
                return .value(NSNumber(value: number.doubleValue))
            default:
                return .value(argument)
            }
        case .word(let word):
            switch word.uppercased() {
            case "YES", "TRUE": return .value(NSNumber(value: true))
            case "NO", "FALSE": return .value(NSNumber(value: false))
            case "NIL", "NULL": return .value(nil)
            case "SELF": return .evaluatedObject
            default:
                if word.hasPrefix("#") { return .keyPath(String(word.dropFirst())) }
                if word.hasPrefix("$") { throw fail("variables (\(word)) are not supported by nsesim's CoreData") }
                if Self.keywords.contains(word.uppercased()) { throw fail("expected a value, found \(word)") }
                return .keyPath(word.hasPrefix("SELF.") ? String(word.dropFirst(5)) : word)
            }
        case .symbol("{"):
            var items: [PredicateOperand] = []
            while current != .symbol("}") {
                items.append(try operand())
                if current == .symbol(",") { position += 1 } else if current != .symbol("}") { throw fail("expected , or }") }
            }
            position += 1
            return .aggregate(items)
        default:
            throw fail("expected a value, found \(describe(token))")
        }
    }
}
