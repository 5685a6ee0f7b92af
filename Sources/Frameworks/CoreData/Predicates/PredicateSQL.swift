import Foundation
import NSESimSQLite

/// A predicate's part that SQLite can check, to read fewer rows: a WHERE clause that keeps at
/// least every row the predicate accepts (the fetch still evaluates the predicate on each object,
/// so the clause only has to be a superset). Comparisons of an attribute of the entity with a
/// value (`==`, `!=`, `<`, `<=`, `>`, `>=`, `IN`, nil), joined by `AND` (a part that cannot be
/// translated drops out) and `OR` (every part must translate); `NOT`, string operators, `[c]`,
/// key paths through relationships are left to the evaluation.
struct PredicateSQL {
    let clause: String
    let bindings: [SQLiteValue]

    /// The clause for `predicate` on `entity`'s table; nil when nothing can be checked in SQL.
    static func translate(_ predicate: NSPredicate, entity: NSEntityDescription) -> PredicateSQL? {
        if let compound = predicate as? NSCompoundPredicate {
            let parts = compound.subpredicates.compactMap { $0 as? NSPredicate }.map { translate($0, entity: entity) }
            switch compound.compoundPredicateType {
            case .and: return join(parts.compactMap { $0 }, "AND")
            case .or: return parts.contains { $0 == nil } ? nil : join(parts.compactMap { $0 }, "OR")
            default: return nil
            }
        }
        let probe = PredicateProbe()
        _ = predicate.evaluate(with: probe)
        guard let expression = probe.expression else { return nil }
        return translate(expression, entity: entity)
    }

    static func translate(_ expression: PredicateExpression, entity: NSEntityDescription) -> PredicateSQL? {
        switch expression {
        case .constant(let value): return value ? nil : PredicateSQL(clause: "0", bindings: [])
        case .not: return nil
        case .and(let left, let right):
            return join([translate(left, entity: entity), translate(right, entity: entity)].compactMap { $0 }, "AND")
        case .or(let left, let right):
            guard let left = translate(left, entity: entity), let right = translate(right, entity: entity) else { return nil }
            return join([left, right], "OR")
        case .comparison(let left, let op, let right, let options):
            guard options.isEmpty else { return nil }
            if case .keyPath(let key) = left, let attribute = entity.attributesByName[key], case .value(let value) = right {
                return comparison(attribute, op, value)
            }
            if case .value(let value) = left, case .keyPath(let key) = right, let attribute = entity.attributesByName[key],
                let mirrored = mirror(op)
            {
                return comparison(attribute, mirrored, value)
            }
            return nil
        }
    }

    private static func comparison(_ attribute: NSAttributeDescription, _ op: PredicateOperator, _ value: Any?) -> PredicateSQL? {
        let column = StoreSchema.quoted(StoreSchema.column(attribute.name))
        if op == .in {
            guard let items = PredicateEvaluator.collection(value), !items.isEmpty, items.count <= 500 else { return nil }
            var bindings: [SQLiteValue] = []
            for item in items {
                guard let bound = binding(item, attribute) else { return nil }
                bindings.append(bound)
            }
            return PredicateSQL(
                clause: "\(column) IN (\(Array(repeating: "?", count: bindings.count).joined(separator: ", ")))",
                bindings: bindings)
        }
        if PredicateEvaluator.isNil(value) {
            switch op {
            case .equal: return PredicateSQL(clause: "\(column) IS NULL", bindings: [])
            case .notEqual: return PredicateSQL(clause: "\(column) IS NOT NULL", bindings: [])
            default: return nil
            }
        }
        guard let bound = binding(value, attribute) else { return nil }
        switch op {
        case .equal: return PredicateSQL(clause: "\(column) = ?", bindings: [bound])
        case .notEqual: return PredicateSQL(clause: "(\(column) != ? OR \(column) IS NULL)", bindings: [bound])
        case .less: return PredicateSQL(clause: "\(column) < ?", bindings: [bound])
        case .lessOrEqual: return PredicateSQL(clause: "\(column) <= ?", bindings: [bound])
        case .greater: return PredicateSQL(clause: "\(column) > ?", bindings: [bound])
        case .greaterOrEqual: return PredicateSQL(clause: "\(column) >= ?", bindings: [bound])
        default: return nil
        }
    }

    /// The column value to compare with; nil when the value is not of the attribute's kind
    /// (the evaluation then decides, on every row).
    private static func binding(_ value: Any?, _ attribute: NSAttributeDescription) -> SQLiteValue? {
        guard let value, !PredicateEvaluator.isNil(value) else { return nil }
        switch attribute.attributeType {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType, .booleanAttributeType,
            .doubleAttributeType, .floatAttributeType:
            guard let number = PredicateEvaluator.number(value) else { return nil }
            // An integer column compared with a fraction: SQLite compares numerically too.
            return number.doubleValue == Double(number.int64Value) ? .integer(number.int64Value) : .real(number.doubleValue)
        case .stringAttributeType:
            return (value as? String).map(SQLiteValue.text)
        case .dateAttributeType:
            return (value as? Date).map { .real($0.timeIntervalSinceReferenceDate) }
        case .UUIDAttributeType:
            return PredicateEvaluator.uuid(value).map { ManagedValue.column($0, type: .UUIDAttributeType) }
        default:
            return nil
        }
    }

    private static func mirror(_ op: PredicateOperator) -> PredicateOperator? {
        switch op {
        case .equal, .notEqual: op
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        default: nil
        }
    }

    private static func join(_ parts: [PredicateSQL], _ word: String) -> PredicateSQL? {
        guard !parts.isEmpty else { return nil }
        if parts.count == 1 { return parts[0] }
        return PredicateSQL(clause: parts.map { "(\($0.clause))" }.joined(separator: " \(word) "), bindings: parts.flatMap(\.bindings))
    }
}
