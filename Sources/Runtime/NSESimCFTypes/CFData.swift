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

/// New growable bytes (`capacity` is a hint; 0: no limit), as ImageIO destinations are given.
public func CFDataCreateMutable(_ allocator: CFAllocator!, _ capacity: CFIndex) -> CFMutableData! {
    NSMutableData(capacity: max(capacity, 0)) ?? NSMutableData()
}

/// Bytes copied from `bytes`.
public func CFDataCreate(_ allocator: CFAllocator!, _ bytes: UnsafePointer<UInt8>!, _ length: CFIndex) -> CFData! {
    bytes == nil ? NSData() : NSData(bytes: bytes, length: max(length, 0))
}
