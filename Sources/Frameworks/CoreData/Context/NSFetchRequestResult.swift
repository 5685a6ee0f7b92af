import Foundation

/// What a fetch request may return: managed objects, object IDs, dictionaries, counts.
public protocol NSFetchRequestResult: AnyObject {}

extension NSManagedObjectID: NSFetchRequestResult {}
extension NSDictionary: NSFetchRequestResult {}
extension NSNumber: NSFetchRequestResult {}

/// What a fetch returns.
public struct NSFetchRequestResultType: OptionSet, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// The type with these bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Managed objects (the default).
    public static let managedObjectResultType = NSFetchRequestResultType([])
    /// Object IDs.
    public static let managedObjectIDResultType = NSFetchRequestResultType(rawValue: 1)
    /// Dictionaries of the properties (`propertiesToFetch`, else all).
    public static let dictionaryResultType = NSFetchRequestResultType(rawValue: 2)
    /// The count, as one NSNumber.
    public static let countResultType = NSFetchRequestResultType(rawValue: 4)
}
