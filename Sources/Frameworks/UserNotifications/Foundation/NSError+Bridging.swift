import Foundation

// Error casts as on iOS, for nsesim's build copies of extension sources (see NSESimBuild's
// `ErrorBridging`): `x as? NSError` there reads `x ~~? NSError.self`. Not for hand-written
// code: on iOS the casts themselves do this.

/// The precedence of Swift's own casts (`as?`, `is`): above `??`, below `..<`.
precedencegroup NSESimCastingPrecedence {
    associativity: left
    higherThan: NilCoalescingPrecedence
    lowerThan: RangeFormationPrecedence
}

infix operator ~~? : NSESimCastingPrecedence
infix operator ~~! : NSESimCastingPrecedence
infix operator ~~& : NSESimCastingPrecedence

/// `value as? NSError` as on iOS: any error bridges; anything else casts as usual.
public func ~~? (value: Any?, type: NSError.Type) -> NSError? {
    guard let value else { return nil }
    if let error = value as? any Error { return error as NSError }
    return value as? NSError
}

/// `value as! NSError` as on iOS.
public func ~~! (value: Any?, type: NSError.Type) -> NSError {
    guard let error = value ~~? type else {
        fatalError("Could not cast value of type '\(value.map { "\(Swift.type(of: $0))" } ?? "nil")' to 'NSError'")
    }
    return error
}

/// `value is NSError` as on iOS: true for every error.
public func ~~& (value: Any?, type: NSError.Type) -> Bool {
    (value ~~? type) != nil
}

/// `value as? URLError` as on iOS: an NSError of NSURLErrorDomain bridges too.
public func ~~? (value: Any?, type: URLError.Type) -> URLError? {
    if let error = value as? URLError { return error }
    guard let error = value ~~? NSError.self, error.domain == NSURLErrorDomain,
        let code = URLError.Code(rawValue: error.code)
    else { return nil }
    return URLError(code, userInfo: error.userInfo)
}

/// `value as? CocoaError` as on iOS: an NSError of NSCocoaErrorDomain bridges too.
public func ~~? (value: Any?, type: CocoaError.Type) -> CocoaError? {
    if let error = value as? CocoaError { return error }
    guard let error = value ~~? NSError.self, error.domain == NSCocoaErrorDomain else { return nil }
    return CocoaError(CocoaError.Code(rawValue: error.code), userInfo: error.userInfo)
}

/// `value as? UNError` as on iOS: an NSError of UNErrorDomain with one of Apple's codes bridges too.
public func ~~? (value: Any?, type: UNError.Type) -> UNError? {
    if let error = value as? UNError { return error }
    guard let error = value ~~? NSError.self, error.domain == UNErrorDomain, let code = UNError.Code(rawValue: error.code) else {
        return nil
    }
    return UNError(code, userInfo: error.userInfo)
}

/// `value as! T` and `value is T` for the typed errors, as on iOS.
public func ~~! (value: Any?, type: URLError.Type) -> URLError { bridged(value ~~? type, value, "URLError") }
public func ~~! (value: Any?, type: CocoaError.Type) -> CocoaError { bridged(value ~~? type, value, "CocoaError") }
public func ~~! (value: Any?, type: UNError.Type) -> UNError { bridged(value ~~? type, value, "UNError") }
public func ~~& (value: Any?, type: URLError.Type) -> Bool { (value ~~? type) != nil }
public func ~~& (value: Any?, type: CocoaError.Type) -> Bool { (value ~~? type) != nil }
public func ~~& (value: Any?, type: UNError.Type) -> Bool { (value ~~? type) != nil }

private func bridged<T>(_ result: T?, _ value: Any?, _ name: String) -> T {
    guard let result else {
        fatalError("Could not cast value of type '\(value.map { "\(Swift.type(of: $0))" } ?? "nil")' to '\(name)'")
    }
    return result
}
