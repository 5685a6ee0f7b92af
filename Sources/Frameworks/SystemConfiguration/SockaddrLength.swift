#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Apple's sockaddr structures have a length field that Linux's have not; the Reachability idiom
// sets it (`zeroAddress.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)`). Here it reads the
// structure's size and ignores what is set.

extension sockaddr_in {
    /// The structure's length (BSD's field): always its size here.
    public var sin_len: UInt8 {
        get { UInt8(MemoryLayout<sockaddr_in>.size) }
        set {}
    }
}

extension sockaddr_in6 {
    /// The structure's length (BSD's field): always its size here.
    public var sin6_len: UInt8 {
        get { UInt8(MemoryLayout<sockaddr_in6>.size) }
        set {}
    }
}

extension sockaddr {
    /// The structure's length (BSD's field): always its size here.
    public var sa_len: UInt8 {
        get { UInt8(MemoryLayout<sockaddr>.size) }
        set {}
    }
}
