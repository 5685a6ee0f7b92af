import Foundation

// On iOS, `NSPredicate(format: "date > %@", date as NSDate)`, `uuid as CVarArg` and
// `ids as CVarArg` work because Foundation's objects are CVarArg there (bridged to
// Objective-C objects); on Linux they are not. These conformances make the same calls build;
// the predicate reads the values back as Swift values. Passed to C (`String(format: "%@", n)`,
// which now builds too), each is its description as an NSString, which `%@` prints as iOS
// prints an object's description (the string is not freed: a few bytes per such call).

extension NSNumber: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension NSDate: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension NSUUID: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension NSArray: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension NSSet: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension NSManagedObject: CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension NSManagedObjectID: CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension Date: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension UUID: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension URL: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension Data: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension Array: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}
extension Set: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { CVarArgValue.described(self) }
}

/// An argument as the predicate compares it: Foundation objects as Swift values.
enum CVarArgValue {
    /// What C's `%@` gets for a value: its description as an NSString, kept alive.
    static func described(_ value: Any) -> [Int] {
        [Int(bitPattern: Unmanaged.passRetained(NSString(string: "\(value)")).toOpaque())]
    }

    static func unwrap(_ value: Any) -> Any? {
        switch value {
        case let string as NSString: return string as String
        case let date as NSDate: return date as Date
        case let uuid as NSUUID: return uuid as UUID
        case let array as NSArray: return array.map { unwrap($0) as Any }
        case let set as NSSet: return set.allObjects.map { unwrap($0) as Any }
        case let array as [Any]: return array.map { unwrap($0) as Any }
        case is NSNull: return nil
        default: return PredicateEvaluator.isNil(value) ? nil : value
        }
    }
}
