import Foundation
import UserNotifications

// `NSSortDescriptor(key:ascending:)` is unavailable in Linux's Foundation (no key-value
// coding). These initializers, in CoreData where iOS apps reach them, take precedence: the
// descriptor compares the key's values (NSManagedObject's, a dictionary's, any NSObject's)
// with Foundation's `compare(_:to:)`, ascending or not.

extension NSSortDescriptor {
    /// Sorts by the value of `key` (a key path), ascending or descending.
    public convenience init(key: String?, ascending: Bool) {
        self.init(key: key, ascending: ascending, options: [])
    }

    /// Sorts by the value of `key` with the comparison `selector` names
    /// (`caseInsensitiveCompare:`, `localizedCaseInsensitiveCompare:`, `localizedStandardCompare:`
    /// compare strings without case; others as `compare:`).
    public convenience init(key: String?, ascending: Bool, selector: Selector?) {
        let name = selector.map { "\($0)" }?.lowercased() ?? ""
        self.init(
            key: key, ascending: ascending,
            options: name.contains("caseinsensitive") || name.contains("standardcompare") ? .caseInsensitive : [])
    }

    /// Sorts by the value at `keyPath` whatever its type (Xcode's template sorts by
    /// `\Item.timestamp`, a `Date?`; Linux's Foundation takes only Comparable values): numbers,
    /// dates and strings in their order, nil first.
    public convenience init<Root, Value>(keyPath: KeyPath<Root, Value>, ascending: Bool) {
        self.init(keyPath: keyPath, ascending: ascending, comparator: { first, second in Self.order(first, second, []) })
    }

    private convenience init(key: String?, ascending: Bool, options: PredicateOptions) {
        let path = key ?? ""
        self.init(
            keyPath: \NSObject.self, ascending: ascending,
            comparator: { first, second in
                if let marker = first as? SortKeyProbe {
                    marker.key = path
                    return .orderedSame
                }
                let left = path.isEmpty ? first : PredicateEvaluator.resolve(.keyPath(path), first)
                let right = path.isEmpty ? second : PredicateEvaluator.resolve(.keyPath(path), second)
                return Self.order(left, right, options)
            })
    }

    /// Two values' order; nil sorts first, as Foundation's compare does.
    static func order(_ left: Any?, _ right: Any?, _ options: PredicateOptions) -> ComparisonResult {
        switch (PredicateEvaluator.isNil(left), PredicateEvaluator.isNil(right)) {
        case (true, true): return .orderedSame
        case (true, false): return .orderedAscending
        case (false, true): return .orderedDescending
        default: return PredicateEvaluator.order(left, right, options) ?? .orderedSame
        }
    }
}

/// Reads a sort descriptor's key back, for the report.
final class SortKeyProbe: NSObject {
    var key: String?
}

/// A sort descriptor as the report shows it: "date descending".
enum SortKey {
    static func describe(_ descriptor: NSSortDescriptor) -> String {
        let order = descriptor.ascending ? " ascending" : " descending"
        // Only a key's descriptor (its key path is NSObject's identity) is asked for its key:
        // another comparator casts what it gets to its key path's value type.
        guard descriptor.keyPath == \NSObject.self as AnyKeyPath else {
            let text = "\(descriptor.keyPath)"
            return (text.hasPrefix("\\") ? String(text.dropFirst()) : text) + order
        }
        let probe = SortKeyProbe()
        _ = descriptor.comparator(probe, probe)
        return (probe.key ?? "?") + order
    }
}
