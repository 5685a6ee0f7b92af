import Foundation

/// CoreFoundation's string: an `NSString` here (`kUTTypePNG as String`, `"x" as CFString` work).
public typealias CFString = NSString
/// CoreFoundation's dictionary: an `NSDictionary` here (`query as CFDictionary` works).
public typealias CFDictionary = NSDictionary
/// CoreFoundation's data: an `NSData` here.
public typealias CFData = NSData
/// Any CoreFoundation object.
public typealias CFTypeRef = AnyObject
/// CoreFoundation's boolean: an `NSNumber` here.
public typealias CFBoolean = NSNumber

/// CoreFoundation's true and false (keychain queries use them: `kSecReturnData: kCFBooleanTrue`).
/// Immutable NSNumbers, which Linux's Foundation does not mark Sendable: hence nonisolated(unsafe).
nonisolated(unsafe) public let kCFBooleanTrue: CFBoolean! = NSNumber(value: true)
nonisolated(unsafe) public let kCFBooleanFalse: CFBoolean! = NSNumber(value: false)
