import Foundation

// Core Data's error codes in NSCocoaErrorDomain and the keys of their userInfo, as Apple's
// CoreDataErrors.h has them.

/// A non-specific Core Data error.
public let NSCoreDataError = 134060
/// A generic validation error.
public let NSManagedObjectValidationError = 1550
/// Several validation errors; `NSDetailedErrorsKey` holds them.
public let NSValidationMultipleErrorsError = 1560
/// A non-optional property with a nil value.
public let NSValidationMissingMandatoryPropertyError = 1570
/// A store of an unknown type.
public let NSPersistentStoreInvalidTypeError = 134000
/// A store whose schema does not match the model.
public let NSPersistentStoreIncompatibleSchemaError = 134020
/// A save the store refused.
public let NSPersistentStoreSaveError = 134030
/// A store that could not be opened.
public let NSPersistentStoreOpenError = 134080
/// An optimistic-locking failure: the object changed in the store since it was read.
public let NSManagedObjectMergeError = 133020
/// A general SQLite error.
public let NSSQLiteError = 134180

/// The userInfo key of the errors gathered in a multiple-errors error.
public let NSDetailedErrorsKey = "NSDetailedErrors"
/// The object that failed to validate.
public let NSValidationObjectErrorKey = "NSValidationErrorObject"
/// The key that failed to validate.
public let NSValidationKeyErrorKey = "NSValidationErrorKey"
/// The value that failed to validate.
public let NSValidationValueErrorKey = "NSValidationErrorValue"
/// The stores an error concerns.
public let NSAffectedStoresErrorKey = "NSAffectedStoresErrorKey"
/// The conflicts of a merge error.
public let NSPersistentStoreSaveConflictsErrorKey = "conflictList"
/// The domain of the SQLite result code in a store error's userInfo (its value is the code).
public let NSSQLiteErrorDomain = "NSSQLiteErrorDomain"

/// Errors as Core Data gives them: NSError in NSCocoaErrorDomain.
enum CoreDataError {
    static func make(_ code: Int, _ description: String, _ info: [String: Any] = [:]) -> NSError {
        var userInfo = info
        userInfo[NSLocalizedDescriptionKey] = description
        return NSError(domain: NSCocoaErrorDomain, code: code, userInfo: userInfo)
    }
}
