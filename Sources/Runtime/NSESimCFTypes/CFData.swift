import Foundation

/// The bytes of `data`, as CoreFoundation gives them.
public func CFDataGetBytePtr(_ data: CFData!) -> UnsafePointer<UInt8>! {
    data.bytes.assumingMemoryBound(to: UInt8.self)
}

/// The count of `data`'s bytes.
public func CFDataGetLength(_ data: CFData!) -> CFIndex { data.length }

/// CoreFoundation's growable bytes (ImageIO's destinations write into one).
public typealias CFMutableData = NSMutableData

/// CoreFoundation's array.
public typealias CFArray = NSArray
