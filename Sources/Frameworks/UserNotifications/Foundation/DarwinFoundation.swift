import Foundation

// What Darwin's Foundation (with the Objective-C runtime it re-exports) gives `import
// Foundation` and Linux's lacks, that iOS libraries use: nsesim's builds import this module
// into the sources that name these (`LinuxFoundationModules.darwinFoundationNames`), and UIKit
// re-exports them.

/// Objective-C's signed integer: `Int`, as on 64-bit iOS.
public typealias NSInteger = Int
/// Objective-C's unsigned integer: `UInt`, as on 64-bit iOS.
public typealias NSUInteger = UInt

/// Runs `body` in an autorelease pool. Swift on Linux has no autoreleased objects (no
/// Objective-C runtime): every object is freed when its last reference goes, which is what
/// the pool gives iOS code at its end, so the body simply runs.
@inlinable
public func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result {
    try body()
}

/// An object whose content may be discarded when memory is short, and must be accessed
/// between `beginContentAccess()` and `endContentAccess()` (Foundation's `NSDiscardableContent`).
/// Linux's `NSCache` does not discard such content on its own; an object can still be asked to.
public protocol NSDiscardableContent: AnyObject {
    /// Keeps the content while it is accessed; false when it was discarded.
    func beginContentAccess() -> Bool
    /// Ends an access begun by `beginContentAccess()`.
    func endContentAccess()
    /// Discards the content if no access is going on.
    func discardContentIfPossible()
    /// Whether the content was discarded.
    func isContentDiscarded() -> Bool
}

extension URLError {
    /// Why a request was refused a network it could have used (iOS 13).
    public enum NetworkUnavailableReason: Int, Sendable {
        /// Cellular, and the request disallows it.
        case cellular = 0
        /// An expensive network, and the request disallows it.
        case expensive = 1
        /// A constrained network (Low Data Mode), and the request disallows it.
        case constrained = 2
    }

    /// Why the network was unavailable, for an error with `URLError.Code.notConnectedToInternet`
    /// that iOS gives when a request disallowed the network there was. nsesim's network profiles
    /// have no cellular, expensive or Low Data Mode network, so no request is refused one: nil,
    /// or the reason the error's `userInfo` carries under `NSURLErrorNetworkUnavailableReasonKey`.
    public var networkUnavailableReason: NetworkUnavailableReason? {
        (userInfo[NSURLErrorNetworkUnavailableReasonKey] as? Int).flatMap(NetworkUnavailableReason.init(rawValue:))
    }
}

/// The `userInfo` key of `URLError.networkUnavailableReason`.
public let NSURLErrorNetworkUnavailableReasonKey = "NSURLErrorNetworkUnavailableReasonKey"
