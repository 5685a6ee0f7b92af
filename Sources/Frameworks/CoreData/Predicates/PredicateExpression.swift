import Foundation

/// A predicate parsed from Apple's format language (`PredicateParser`).
indirect enum PredicateExpression {
    case constant(Bool)
    case not(PredicateExpression)
    case and(PredicateExpression, PredicateExpression)
    case or(PredicateExpression, PredicateExpression)
    case comparison(PredicateOperand, PredicateOperator, PredicateOperand, PredicateOptions)
}

/// One side of a comparison.
indirect enum PredicateOperand {
    /// A key path of the evaluated object (`name`, `thread.title`).
    case keyPath(String)
    /// The evaluated object itself.
    case evaluatedObject
    /// A value: a literal or an argument (`%@`, `%d`).
    case value(Any?)
    /// `{a, b, c}`.
    case aggregate([PredicateOperand])
}

/// A comparison's operator.
enum PredicateOperator: String {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case like = "LIKE"
    case matches = "MATCHES"
    case `in` = "IN"
    case between = "BETWEEN"
}

/// A string comparison's options (`[c]`, `[d]`, `[cd]`).
struct PredicateOptions: OptionSet {
    let rawValue: Int
    static let caseInsensitive = PredicateOptions(rawValue: 1)
    static let diacriticInsensitive = PredicateOptions(rawValue: 2)
}

/// Why a format string could not be parsed: what was found where.
struct PredicateFormatError: Error, Equatable, CustomStringConvertible {
    let format: String
    let reason: String
    var description: String { "Unable to parse the format string \"\(format)\": \(reason)" }
}
