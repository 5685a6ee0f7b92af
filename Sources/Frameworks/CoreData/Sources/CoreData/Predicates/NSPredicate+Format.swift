import Foundation

// `NSPredicate(format:)` is unavailable in Linux's Foundation ("Predicate strings are not
// supported"). These initializers, in CoreData where iOS apps reach them, take precedence over
// the unavailable ones (Swift prefers an available overload), so `NSPredicate(format: "id == %@",
// id)` builds unchanged. The format is parsed at once (a bad one stops the process as iOS's
// NSInvalidArgumentException does) into a block predicate that evaluates it.

extension NSPredicate {
    /// A predicate from Apple's format language with `args` for its `%@`, `%K`, `%d`, `%f` placeholders.
    public convenience init(format predicateFormat: String, _ args: any CVarArg...) {
        self.init(format: predicateFormat, argumentArray: args)
    }

    /// A predicate from Apple's format language with its arguments in an array.
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        let expression: PredicateExpression
        do throws(PredicateFormatError) {
            expression = try PredicateParser.parse(predicateFormat, arguments: (arguments ?? []).map(CVarArgValue.unwrap))
        } catch {
            CoreDataFailure.raise("NSInvalidArgumentException", "Unable to parse the format string \"\(predicateFormat)\" (\(error.reason))")
        }
        nonisolated(unsafe) let parsed = expression
        self.init(block: { object, _ in
            if let probe = object as? PredicateProbe {
                probe.format = predicateFormat
                return false
            }
            return PredicateEvaluator.evaluate(parsed, with: object)
        })
    }
}

/// Reads a format predicate's text back (a block predicate keeps no text on Linux).
final class PredicateProbe {
    var format: String?
}

/// A predicate as the report shows it: its format string, compound ones put together.
enum PredicateDescription {
    static func of(_ predicate: NSPredicate) -> String {
        if let compound = predicate as? NSCompoundPredicate {
            let parts = compound.subpredicates.compactMap { $0 as? NSPredicate }.map { "(\(of($0)))" }
            switch compound.compoundPredicateType {
            case .not: return "NOT " + (parts.first ?? "")
            case .and: return parts.joined(separator: " AND ")
            case .or: return parts.joined(separator: " OR ")
            @unknown default: return parts.joined(separator: " ? ")
            }
        }
        let probe = PredicateProbe()
        _ = predicate.evaluate(with: probe)
        return probe.format ?? "<a block predicate>"
    }
}
