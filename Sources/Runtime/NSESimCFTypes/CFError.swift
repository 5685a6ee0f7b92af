import Foundation

// CoreFoundation's error functions over `CFError` (an `NSError` here), as keychain wrappers
// call them on SecAccessControlCreateWithFlags' error (KeychainAccess's `CFError.error`).

/// The error's domain.
public func CFErrorGetDomain(_ err: CFError!) -> CFString! { err.domain as NSString }

/// The error's code.
public func CFErrorGetCode(_ err: CFError!) -> CFIndex { err.code }

/// A copy of the error's user info.
public func CFErrorCopyUserInfo(_ err: CFError!) -> CFDictionary! { NSDictionary(dictionary: err.userInfo) }

/// The error's description.
public func CFErrorCopyDescription(_ err: CFError!) -> CFString! { err.localizedDescription as NSString }
