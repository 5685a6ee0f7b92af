import Foundation

// Error casts as on iOS, for nsesim's build copies of extension sources (see NSESimCore's
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
