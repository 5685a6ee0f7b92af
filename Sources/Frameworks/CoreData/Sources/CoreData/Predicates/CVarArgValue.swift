import Foundation

// On iOS, `NSPredicate(format: "date > %@", date as NSDate)`, `uuid as CVarArg` and
// `ids as CVarArg` work because Foundation's objects are CVarArg there (bridged to
// Objective-C objects); on Linux they are not. These conformances make the same calls build;
// the values are read back as Swift values by the predicate, never passed to C.

extension NSNumber: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: UInt(bitPattern: ObjectIdentifier(self).hashValue))] }
}
extension NSDate: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: UInt(bitPattern: ObjectIdentifier(self).hashValue))] }
}
extension NSUUID: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: UInt(bitPattern: ObjectIdentifier(self).hashValue))] }
}
extension NSArray: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: UInt(bitPattern: ObjectIdentifier(self).hashValue))] }
}
extension NSSet: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: UInt(bitPattern: ObjectIdentifier(self).hashValue))] }
}
extension NSManagedObject: CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: UInt(bitPattern: ObjectIdentifier(self).hashValue))] }
}
extension NSManagedObjectID: CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: UInt(bitPattern: ObjectIdentifier(self).hashValue))] }
}
extension Date: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { timeIntervalSinceReferenceDate._cVarArgEncoding }
}
extension UUID: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [hashValue] }
}
extension URL: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [hashValue] }
}
extension Data: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [count] }
}
extension Array: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [count] }
}
extension Set: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [count] }
}

/// An argument as the predicate compares it: Foundation objects as Swift values.
enum CVarArgValue {
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
