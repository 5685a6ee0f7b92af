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
/// CoreFoundation's URL: an `NSURL` here (`url as CFURL` works).
public typealias CFURL = NSURL

/// Apple's result code of C-style APIs (Security, AudioToolbox): 0 is success. Here once, so
/// an extension importing several frameworks that return it sees one name.
public typealias OSStatus = Int32

/// CoreFoundation's signed index and count type (`SCNetworkReachabilityContext.version`).
public typealias CFIndex = Int

/// The `OSStatus` of success (MacTypes' `noErr`).
public let noErr: OSStatus = 0

/// CoreFoundation's error: an `NSError` here (`Unmanaged<CFError>` out-parameters,
/// `error.takeRetainedValue() as Error`; its functions in CFError.swift).
public typealias CFError = NSError
/// CoreFoundation's bit-field type (`SecAccessControlCreateFlags`' raw value).
public typealias CFOptionFlags = UInt
/// CoreFoundation's type identifier (`SecAccessControlGetTypeID()`).
public typealias CFTypeID = UInt

/// CoreFoundation's interval in seconds (`CADisplayLink.timestamp`, `CACurrentMediaTime()`).
public typealias CFTimeInterval = Double
/// CoreFoundation's absolute time: seconds since 1 January 2001, 00:00:00 GMT.
public typealias CFAbsoluteTime = CFTimeInterval

/// The current absolute time (CoreFoundation's `CFAbsoluteTimeGetCurrent`).
public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime { Date().timeIntervalSinceReferenceDate }
