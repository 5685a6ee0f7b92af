import Foundation
import NSESimCFTypes
import NSESimRuntime

/// The function a reachability object calls when its flags change, with the context's `info`.
public typealias SCNetworkReachabilityCallBack = (SCNetworkReachability, SCNetworkReachabilityFlags, UnsafeMutableRawPointer?) -> Void

/// What `SCNetworkReachabilitySetCallback` hands the callback: `info` (usually the observer,
/// `Unmanaged.passUnretained(self).toOpaque()`); the memory functions are not called here.
public struct SCNetworkReachabilityContext {
    /// The structure's version: 0.
    public var version: CFIndex
    /// What the callback gets as its third argument.
    public var info: UnsafeMutableRawPointer?
    /// Retains `info` (not called here).
    public var retain: ((UnsafeRawPointer?) -> UnsafeRawPointer?)?
    /// Releases `info` (not called here).
    public var release: ((UnsafeRawPointer?) -> Void)?
    /// Describes `info` (not called here).
    public var copyDescription: ((UnsafeRawPointer?) -> Unmanaged<CFString>?)?

    /// An empty context.
    public init() {
        self.init(version: 0, info: nil, retain: nil, release: nil, copyDescription: nil)
    }

    /// A context with each field given.
    public init(
        version: CFIndex, info: UnsafeMutableRawPointer?, retain: ((UnsafeRawPointer?) -> UnsafeRawPointer?)?,
        release: ((UnsafeRawPointer?) -> Void)?, copyDescription: ((UnsafeRawPointer?) -> Unmanaged<CFString>?)?
    ) {
        self.version = version
        self.info = info
        self.retain = retain
        self.release = release
        self.copyDescription = copyDescription
    }
}

/// Sets (or, with nil, removes) the function called when the target's flags change. The state
/// nsesim gives an extension does not change while it runs, so it is not called; the call is
/// recorded. Returns true.
@discardableResult
public func SCNetworkReachabilitySetCallback(
    _ target: SCNetworkReachability, _ callout: SCNetworkReachabilityCallBack?,
    _ context: UnsafeMutablePointer<SCNetworkReachabilityContext>?
) -> Bool {
    target.setCallback(callout, info: context?.pointee.info)
    target.report("SCNetworkReachabilitySetCallback", ["callback": .bool(callout != nil)])
    return true
}

/// Schedules (or, with nil, unschedules) the callback on `queue`. Recorded; returns true.
@discardableResult
public func SCNetworkReachabilitySetDispatchQueue(_ target: SCNetworkReachability, _ queue: DispatchQueue?) -> Bool {
    target.setQueue(queue)
    target.report("SCNetworkReachabilitySetDispatchQueue", ["scheduled": .bool(queue != nil)])
    return true
}
