/// CoreFoundation's memory allocator, which Apple's `…Create…` functions take first. Linux's
/// Swift manages the memory itself: every allocator (or nil) does the same.
public final class CFAllocator: Sendable {
    private init() {}

    /// The one allocator there is.
    static let shared = CFAllocator()
}

/// The default allocator (`SCNetworkReachabilityCreateWithName(kCFAllocatorDefault, host)`).
public let kCFAllocatorDefault: CFAllocator? = CFAllocator.shared
