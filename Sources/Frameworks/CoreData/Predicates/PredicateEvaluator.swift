import Foundation
import UserNotifications

/// Evaluates a parsed predicate against an object as Foundation does: a managed object's or
/// any object's key-value coding, a dictionary's keys; numbers compared as numbers (Booleans
/// too), dates as dates, strings with `[c]`/`[d]`, nil equal only to nil.
enum PredicateEvaluator {
    static func evaluate(_ expression: PredicateExpression, with object: Any?) -> Bool {
        switch expression {
        case .constant(let value): return value
        case .not(let inner): return !evaluate(inner, with: object)
        case .and(let left, let right): return evaluate(left, with: object) && evaluate(right, with: object)
        case .or(let left, let right): return evaluate(left, with: object) || evaluate(right, with: object)
        case .comparison(let left, let op, let right, let options):
            return compare(resolve(left, object), op, resolve(right, object), options)
        }
    }

    static func resolve(_ operand: PredicateOperand, _ object: Any?) -> Any? {
        switch operand {
        case .value(let value): return value
        case .evaluatedObject: return object
        case .aggregate(let items): return items.map { resolve($0, object) as Any }
        case .keyPath(let path):
            var current = object
            for key in path.split(separator: ".").map(String.init) {
                guard let value = current else { return nil }
                current = self.value(of: value, forKey: key)
            }
            return current
        }
    }

    static func value(of object: Any, forKey key: String) -> Any? {
        if key == "@count" {
            if let array = object as? [Any] { return NSNumber(value: array.count) }
            if let set = object as? Set<AnyHashable> { return NSNumber(value: set.count) }
            if let string = object as? String { return NSNumber(value: string.count) }
        }
        if let managed = object as? NSManagedObject { return managed.currentValue(forKey: key) }
        if let dictionary = object as? [String: Any] { return dictionary[key] }
        if let dictionary = object as? NSDictionary { return dictionary[key] }
        if let nsObject = object as? NSObject { return nsObject.value(forKey: key) }
        return Mirror(reflecting: object).children.first { $0.label == key }?.value
    }

    static func compare(_ left: Any?, _ op: PredicateOperator, _ right: Any?, _ options: PredicateOptions) -> Bool {
        switch op {
        case .equal: return equal(left, right, options)
        case .notEqual: return !equal(left, right, options)
        case .less: return order(left, right, options) == .orderedAscending
        case .lessOrEqual: return [.orderedAscending, .orderedSame].contains(order(left, right, options))
        case .greater: return order(left, right, options) == .orderedDescending
        case .greaterOrEqual: return [.orderedDescending, .orderedSame].contains(order(left, right, options))
        case .beginsWith:
            guard let text = string(left, options), let prefix = string(right, options) else { return false }
            return text.hasPrefix(prefix)
        case .endsWith:
            guard let text = string(left, options), let suffix = string(right, options) else { return false }
            return text.hasSuffix(suffix)
        case .contains:
            if let items = collection(left) { return items.contains { equal($0, right, options) } }
            guard let text = string(left, options), let part = string(right, options) else { return false }
            return text.contains(part)
        case .in:
            if let items = collection(right) { return items.contains { equal(left, $0, options) } }
            guard let text = string(right, options), let part = string(left, options) else { return false }
            return text.contains(part)
        case .between:
            guard let bounds = collection(right), bounds.count == 2 else { return false }
            return compare(left, .greaterOrEqual, bounds[0], options) && compare(left, .lessOrEqual, bounds[1], options)
        case .like:
            guard let text = string(left, options), let pattern = string(right, options) else { return false }
            let regex =
                "^"
                + NSRegularExpression.escapedPattern(for: pattern)
                .replacingOccurrences(of: "\\*", with: ".*").replacingOccurrences(of: "\\?", with: ".") + "$"
            return text.range(of: regex, options: .regularExpression) != nil
        case .matches:
            guard let text = string(left, options), let pattern = string(right, []) else { return false }
            let regexOptions: NSString.CompareOptions =
                options.contains(.caseInsensitive) ? [.regularExpression, .caseInsensitive] : .regularExpression
            return text.range(of: "^(?:" + pattern + ")$", options: regexOptions) != nil
        }
    }

    static func equal(_ left: Any?, _ right: Any?, _ options: PredicateOptions) -> Bool {
        guard let left, let right else { return isNil(left) && isNil(right) }
        if isNil(left) || isNil(right) { return isNil(left) && isNil(right) }
        if let leftObject = left as? NSManagedObject, let rightObject = right as? NSManagedObject {
            return leftObject === rightObject || !leftObject.objectID.isTemporaryID && leftObject.objectID == rightObject.objectID
        }
        if let leftObject = left as? NSManagedObject, let id = right as? NSManagedObjectID { return leftObject.objectID == id }
        if let leftUUID = uuid(left), let rightUUID = uuid(right) { return leftUUID == rightUUID }
        if let leftData = left as? Data, let rightData = right as? Data { return leftData == rightData }
        if let leftURL = left as? URL, let rightURL = right as? URL { return leftURL == rightURL }
        return order(left, right, options) == .orderedSame
    }

    /// The order of two values of the same kind; nil when they cannot be compared.
    static func order(_ left: Any?, _ right: Any?, _ options: PredicateOptions) -> ComparisonResult? {
        guard let left, let right, !isNil(left), !isNil(right) else { return nil }
        if let leftNumber = number(left), let rightNumber = number(right) { return leftNumber.compare(rightNumber) }
        if let leftDate = left as? Date, let rightDate = right as? Date { return leftDate.compare(rightDate) }
        if let leftText = string(left, options), let rightText = string(right, options) {
            return leftText == rightText ? .orderedSame : leftText < rightText ? .orderedAscending : .orderedDescending
        }
        return nil
    }

    static func number(_ value: Any) -> NSNumber? {
        if value is String || value is NSString { return nil }
        return ManagedValue.number(value)
    }

    static func uuid(_ value: Any) -> UUID? {
        if let uuid = value as? UUID { return uuid }
        if let uuid = value as? NSUUID { return uuid as UUID }
        return nil
    }

    static func string(_ value: Any?, _ options: PredicateOptions) -> String? {
        guard let text = value as? String else { return nil }
        var folding: String.CompareOptions = []
        if options.contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
        return folding.isEmpty ? text : text.folding(options: folding, locale: nil)
    }

    static func collection(_ value: Any?) -> [Any?]? {
        switch value {
        case let array as [Any?]: return array
        case let array as [Any]: return array
        case let array as NSArray: return array.map { $0 }
        case let set as Set<AnyHashable>: return Array(set)
        case let set as NSSet: return set.allObjects
        default: return nil
        }
    }

    static func isNil(_ value: Any?) -> Bool {
        guard let value else { return true }
        if value is NSNull { return true }
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
