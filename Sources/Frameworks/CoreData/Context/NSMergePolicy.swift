import Foundation

/// How a save settles an object that changed in the store since the context read it.
public enum NSMergePolicyType: UInt, Sendable {
    /// The save fails (NSManagedObjectMergeError, 133020).
    case errorMergePolicyType = 0
    /// The store's version wins (the context's changes to such objects are dropped).
    case mergeByPropertyStoreTrumpMergePolicyType = 1
    /// The context's changes win.
    case mergeByPropertyObjectTrumpMergePolicyType = 2
    /// The context's objects are written whole.
    case overwriteMergePolicyType = 3
    /// The context's changes to such objects are thrown away.
    case rollbackMergePolicyType = 4
}

/// A merge policy (`NSManagedObjectContext.mergePolicy`).
open class NSMergePolicy: NSObject, @unchecked Sendable {
    /// The policy's type.
    public let mergeType: NSMergePolicyType

    /// A policy of `type`.
    public init(merge type: NSMergePolicyType) {
        mergeType = type
        super.init()
    }

    /// Fail on conflicts (the default).
    public static let error = NSMergePolicy(merge: .errorMergePolicyType)
    /// The store wins, property by property.
    public static let mergeByPropertyStoreTrump = NSMergePolicy(merge: .mergeByPropertyStoreTrumpMergePolicyType)
    /// The context wins, property by property.
    public static let mergeByPropertyObjectTrump = NSMergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
    /// The context's objects overwrite the store's.
    public static let overwrite = NSMergePolicy(merge: .overwriteMergePolicyType)
    /// The context's changes are thrown away.
    public static let rollback = NSMergePolicy(merge: .rollbackMergePolicyType)

    /// Whether the context's values are written over a changed row.
    var contextWins: Bool { mergeType == .mergeByPropertyObjectTrumpMergePolicyType || mergeType == .overwriteMergePolicyType }
    /// Whether a changed row wins over the context's values.
    var storeWins: Bool { mergeType == .mergeByPropertyStoreTrumpMergePolicyType || mergeType == .rollbackMergePolicyType }
}

/// Fail on conflicts (the default).
public var NSErrorMergePolicy: Any { NSMergePolicy.error }
/// The store wins, property by property.
public var NSMergeByPropertyStoreTrumpMergePolicy: Any { NSMergePolicy.mergeByPropertyStoreTrump }
/// The context wins, property by property.
public var NSMergeByPropertyObjectTrumpMergePolicy: Any { NSMergePolicy.mergeByPropertyObjectTrump }
/// The context's objects overwrite the store's.
public var NSOverwriteMergePolicy: Any { NSMergePolicy.overwrite }
/// The context's changes are thrown away.
public var NSRollbackMergePolicy: Any { NSMergePolicy.rollback }
