import Foundation

// Security's result codes (SecBase.h) that the keychain calls and SecAccessControl can return,
// with their names and Security's messages (`SecCopyErrorMessageString`).

/// No error.
public let errSecSuccess: OSStatus = 0
/// Function or operation not implemented.
public let errSecUnimplemented: OSStatus = -4
/// The disk is full.
public let errSecDiskFull: OSStatus = -34
/// I/O error.
public let errSecIO: OSStatus = -36
/// The file is already open with write permission.
public let errSecOpWr: OSStatus = -49
/// One or more parameters passed to a function were not valid.
public let errSecParam: OSStatus = -50
/// Write permissions error.
public let errSecWrPerm: OSStatus = -61
/// Failed to allocate memory.
public let errSecAllocate: OSStatus = -108
/// User canceled the operation.
public let errSecUserCanceled: OSStatus = -128
/// Bad parameter or invalid state for operation.
public let errSecBadReq: OSStatus = -909
/// An internal component experienced an error.
public let errSecInternalComponent: OSStatus = -2070
/// An unknown Core Foundation error occurred.
public let errSecCoreFoundationUnknown: OSStatus = -4960
/// No keychain is available.
public let errSecNotAvailable: OSStatus = -25291
/// Read-only error.
public let errSecReadOnly: OSStatus = -25292
/// The user name or passphrase you entered is not correct.
public let errSecAuthFailed: OSStatus = -25293
/// The specified keychain could not be found.
public let errSecNoSuchKeychain: OSStatus = -25294
/// The specified keychain is not a valid keychain file.
public let errSecInvalidKeychain: OSStatus = -25295
/// A keychain with the same name already exists.
public let errSecDuplicateKeychain: OSStatus = -25296
/// The specified callback function is already installed.
public let errSecDuplicateCallback: OSStatus = -25297
/// The specified callback function is not valid.
public let errSecInvalidCallback: OSStatus = -25298
/// The specified item already exists in the keychain.
public let errSecDuplicateItem: OSStatus = -25299
/// The specified item could not be found in the keychain.
public let errSecItemNotFound: OSStatus = -25300
/// There is not enough memory available to use the specified item.
public let errSecBufferTooSmall: OSStatus = -25301
/// This item contains information which is too large or in a format that cannot be displayed.
public let errSecDataTooLarge: OSStatus = -25302
/// The specified attribute does not exist.
public let errSecNoSuchAttr: OSStatus = -25303
/// The specified item is no longer valid. It may have been deleted from the keychain.
public let errSecInvalidItemRef: OSStatus = -25304
/// Unable to search the current keychain.
public let errSecInvalidSearchRef: OSStatus = -25305
/// The specified item does not appear to be a valid keychain item.
public let errSecNoSuchClass: OSStatus = -25306
/// A default keychain could not be found.
public let errSecNoDefaultKeychain: OSStatus = -25307
/// User interaction is not allowed.
public let errSecInteractionNotAllowed: OSStatus = -25308
/// The specified attribute could not be modified.
public let errSecReadOnlyAttr: OSStatus = -25309
/// This keychain was created by a different version of the system software and cannot be opened.
public let errSecWrongSecVersion: OSStatus = -25310
/// This item specifies a key size which is too large or too small.
public let errSecKeySizeNotAllowed: OSStatus = -25311
/// A required component (data storage module) could not be loaded.
public let errSecNoStorageModule: OSStatus = -25312
/// A required component (certificate module) could not be loaded.
public let errSecNoCertificateModule: OSStatus = -25313
/// A required component (policy module) could not be loaded.
public let errSecNoPolicyModule: OSStatus = -25314
/// User interaction is required, but is currently not allowed.
public let errSecInteractionRequired: OSStatus = -25315
/// The contents of this item cannot be retrieved.
public let errSecDataNotAvailable: OSStatus = -25316
/// The contents of this item cannot be modified.
public let errSecDataNotModifiable: OSStatus = -25317
/// One or more certificates required to validate this certificate cannot be found.
public let errSecCreateChainFailed: OSStatus = -25318
/// The operation couldn't complete because the system is in dark wake.
public let errSecInDarkWake: OSStatus = -25320
/// Unable to decode the provided data.
public let errSecDecode: OSStatus = -26275
/// A required entitlement isn't present.
public let errSecMissingEntitlement: OSStatus = -34018
/// API is restricted.
public let errSecRestrictedAPI: OSStatus = -34020
/// The encoding was not valid.
public let errSecInvalidEncoding: OSStatus = -67853
/// The trust policy was not trusted.
public let errSecNotTrusted: OSStatus = -67843

/// The message for a status code, as Security gives it (`nil` for a code it does not know).
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? {
    NSString(string: SecStatusName.message(status))
}

/// Names and messages of the status codes.
enum SecStatusName {
    /// Each code: its constant name and message.
    static let table: [OSStatus: (name: String, message: String)] = [
        errSecSuccess: ("errSecSuccess", "No error."),
        errSecUnimplemented: ("errSecUnimplemented", "Function or operation not implemented."),
        errSecDiskFull: ("errSecDiskFull", "The disk is full."),
        errSecIO: ("errSecIO", "I/O error."),
        errSecOpWr: ("errSecOpWr", "The file is already open with write permission."),
        errSecParam: ("errSecParam", "One or more parameters passed to a function were not valid."),
        errSecWrPerm: ("errSecWrPerm", "Write permissions error."),
        errSecAllocate: ("errSecAllocate", "Failed to allocate memory."),
        errSecUserCanceled: ("errSecUserCanceled", "User canceled the operation."),
        errSecBadReq: ("errSecBadReq", "Bad parameter or invalid state for operation."),
        errSecInternalComponent: ("errSecInternalComponent", "An internal component experienced an error."),
        errSecCoreFoundationUnknown: ("errSecCoreFoundationUnknown", "An unknown Core Foundation error occurred."),
        errSecNotAvailable: ("errSecNotAvailable", "No keychain is available."),
        errSecReadOnly: ("errSecReadOnly", "Read-only error."),
        errSecAuthFailed: ("errSecAuthFailed", "The user name or passphrase you entered is not correct."),
        errSecNoSuchKeychain: ("errSecNoSuchKeychain", "The specified keychain could not be found."),
        errSecInvalidKeychain: ("errSecInvalidKeychain", "The specified keychain is not a valid keychain file."),
        errSecDuplicateKeychain: ("errSecDuplicateKeychain", "A keychain with the same name already exists."),
        errSecDuplicateCallback: ("errSecDuplicateCallback", "The specified callback function is already installed."),
        errSecInvalidCallback: ("errSecInvalidCallback", "The specified callback function is not valid."),
        errSecDuplicateItem: ("errSecDuplicateItem", "The specified item already exists in the keychain."),
        errSecItemNotFound: ("errSecItemNotFound", "The specified item could not be found in the keychain."),
        errSecBufferTooSmall: ("errSecBufferTooSmall", "There is not enough memory available to use the specified item."),
        errSecDataTooLarge: (
            "errSecDataTooLarge", "This item contains information which is too large or in a format that cannot be displayed."
        ),
        errSecNoSuchAttr: ("errSecNoSuchAttr", "The specified attribute does not exist."),
        errSecInvalidItemRef: (
            "errSecInvalidItemRef", "The specified item is no longer valid. It may have been deleted from the keychain."
        ),
        errSecInvalidSearchRef: ("errSecInvalidSearchRef", "Unable to search the current keychain."),
        errSecNoSuchClass: ("errSecNoSuchClass", "The specified item does not appear to be a valid keychain item."),
        errSecNoDefaultKeychain: ("errSecNoDefaultKeychain", "A default keychain could not be found."),
        errSecInteractionNotAllowed: ("errSecInteractionNotAllowed", "User interaction is not allowed."),
        errSecReadOnlyAttr: ("errSecReadOnlyAttr", "The specified attribute could not be modified."),
        errSecWrongSecVersion: (
            "errSecWrongSecVersion", "This keychain was created by a different version of the system software and cannot be opened."
        ),
        errSecKeySizeNotAllowed: ("errSecKeySizeNotAllowed", "This item specifies a key size which is too large or too small."),
        errSecNoStorageModule: ("errSecNoStorageModule", "A required component (data storage module) could not be loaded."),
        errSecNoCertificateModule: ("errSecNoCertificateModule", "A required component (certificate module) could not be loaded."),
        errSecNoPolicyModule: ("errSecNoPolicyModule", "A required component (policy module) could not be loaded."),
        errSecInteractionRequired: ("errSecInteractionRequired", "User interaction is required, but is currently not allowed."),
        errSecDataNotAvailable: ("errSecDataNotAvailable", "The contents of this item cannot be retrieved."),
        errSecDataNotModifiable: ("errSecDataNotModifiable", "The contents of this item cannot be modified."),
        errSecCreateChainFailed: (
            "errSecCreateChainFailed", "One or more certificates required to validate this certificate cannot be found."
        ),
        errSecInDarkWake: ("errSecInDarkWake", "The operation couldn't complete because the system is in dark wake."),
        errSecDecode: ("errSecDecode", "Unable to decode the provided data."),
        errSecMissingEntitlement: ("errSecMissingEntitlement", "A required entitlement isn't present."),
        errSecRestrictedAPI: ("errSecRestrictedAPI", "API is restricted."),
        errSecInvalidEncoding: ("errSecInvalidEncoding", "The encoding was not valid."),
        errSecNotTrusted: ("errSecNotTrusted", "The trust policy was not trusted."),
    ]

    /// `errSecItemNotFound`, or `OSStatus N` for a code not in the table.
    static func name(_ status: OSStatus) -> String { table[status]?.name ?? "OSStatus \(status)" }

    /// Security's message for the code.
    static func message(_ status: OSStatus) -> String { table[status]?.message ?? "OSStatus \(status)" }
}
