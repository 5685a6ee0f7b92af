import Foundation

// Key-value coding where iOS extensions use it. Linux's Foundation has no KVC (no
// Objective-C runtime); these give `UserDefaults` Apple's KVC behaviour (keys are defaults)
// and let `value(forKey:)` read the stored properties of any NSObject subclass, as on iOS.

extension NSObject {
    /// The value of the property `key`: for `UserDefaults` the default, for other objects the
    /// stored property of that name (found by reflection, superclasses included). A key the
    /// object does not have stops the process as iOS does (`NSUnknownKeyException`). Disfavoured,
    /// so that a class's own `value(forKey:)` (CoreImage's `CIFilter`) is the one called.
    @_disfavoredOverload
    public func value(forKey key: String) -> Any? {
        if let defaults = self as? UserDefaults { return defaults.object(forKey: key) }
        if let readable = self as? any _NSESimKeyValueReadable, let value = readable._nsesimValue(forKey: key) { return value }
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == key || $0.label == "_\(key)" }) {
                return Self.unwrapped(child.value)
            }
            mirror = current.superclassMirror
        }
        fatalError(
            "*** Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<\(type(of: self))> "
                + "valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key).'")
    }

    /// Sets the property `key`: for `UserDefaults` the default (nil removes it); for the
    /// extension's own classes the stored property (nsesim's build gives them the setter). A
    /// key the object does not have, or a value of another type, stops the process as iOS does.
    /// Disfavoured, as `value(forKey:)` is.
    @_disfavoredOverload
    public func setValue(_ value: Any?, forKey key: String) {
        if let defaults = self as? UserDefaults {
            defaults.set(value, forKey: key)
            return
        }
        if let settable = self as? any _NSESimKeyValueSettable, settable._nsesimSetValue(value, forKey: key) { return }
        fatalError(
            "*** Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<\(type(of: self))> "
                + "setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key).'")
    }

    /// Sets each key's value (`setValue(_:forKey:)` for each).
    public func setValuesForKeys(_ keyedValues: [String: Any]) {
        for (key, value) in keyedValues { setValue(value, forKey: key) }
    }

    /// The values of `keys`, missing ones as NSNull (as on iOS).
    public func dictionaryWithValues(forKeys keys: [String]) -> [String: Any] {
        Dictionary(uniqueKeysWithValues: keys.map { ($0, value(forKey: $0) ?? NSNull()) })
    }

    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map(\.value)
    }
}

/// What nsesim's build copy gives an extension's classes so that `setValue(_:forKey:)` sets
/// their stored properties (Linux has no Objective-C runtime to find them). Not for hand use.
public protocol _NSESimKeyValueSettable: AnyObject {
    /// Sets the stored property `key`; false when there is none or the value's type differs.
    func _nsesimSetValue(_ value: Any?, forKey key: String) -> Bool
}

/// What an object whose properties live outside its stored properties (CoreData's
/// `NSManagedObject`) gives `value(forKey:)`. Not for hand use.
public protocol _NSESimKeyValueReadable: AnyObject {
    /// `.some(value)` (the value itself may be nil) when the object has the key; nil when it
    /// has not, and `value(forKey:)` goes on to the stored properties.
    func _nsesimValue(forKey key: String) -> Any??
}
