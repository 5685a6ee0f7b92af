// `kCFAllocatorDefault`, `CFAllocator`, `CFIndex` and `CFString`, which the reachability
// functions take, as Apple's SystemConfiguration brings them (through CoreFoundation).
@_exported import NSESimCFTypes
