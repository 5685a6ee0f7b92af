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
            CoreDataFailure.raise(
                "NSInvalidArgumentException", "Unable to parse the format string \"\(predicateFormat)\" (\(error.reason))")
        }
        nonisolated(unsafe) let parsed = expression
        let text = PredicateDescription.render(predicateFormat, (arguments ?? []).map(CVarArgValue.unwrap))
        self.init(block: { object, _ in
            if let probe = object as? PredicateProbe {
                probe.format = text
                probe.expression = parsed
                return false
            }
            return PredicateEvaluator.evaluate(parsed, with: object)
        })
    }
}

/// Reads a format predicate's text back (a block predicate keeps no text on Linux).
final class PredicateProbe {
    var format: String?
    nonisolated(unsafe) var expression: PredicateExpression?
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

extension PredicateDescription {
    /// The format with its arguments in place, as `predicateFormat` shows it on iOS:
    /// `id == "c-42"`, `count > 3`, `%K` as the key itself.
    static func render(_ format: String, _ arguments: [Any?]) -> String {
        var result = ""
        var next = 0
        var characters = Substring(format)
        var quote: Character?
        while let character = characters.first {
            characters = characters.dropFirst()
            if let open = quote {
                result.append(character)
                if character == open { quote = nil }
                continue
            }
            if character == "'" || character == "\"" {
                quote = character
                result.append(character)
                continue
            }
            guard character == "%" else {
                result.append(character)
                continue
            }
            var conversion = characters.prefix { "lhqL0123456789.$".contains($0) }
            characters = characters.dropFirst(conversion.count)
            guard let kind = characters.first else {
                result.append("%")
                break
            }
            characters = characters.dropFirst()
            conversion.append(kind)
            let argument = next < arguments.count ? arguments[next] : nil
            next += 1
            switch kind {
            case "K": result += (argument as? String) ?? "?"
            default: result += literal(argument)
            }
        }
        return result
    }

    static func literal(_ value: Any?) -> String {
        switch value {
        case nil: return "nil"
        case let string as String: return "\"" + string + "\""
        case let number as NSNumber: return number.stringValue
        case let date as Date: return "CAST(\(date.timeIntervalSinceReferenceDate), \"NSDate\")"
        case let uuid as UUID: return uuid.uuidString
        case let array as [Any?]: return "{" + array.map(literal).joined(separator: ", ") + "}"
        case let object as NSManagedObject: return object.objectID.description
        default: return "\(value!)"
        }
    }
}
