import Foundation

// Key-value coding where iOS extensions use it. Linux's Foundation has no KVC (no
// Objective-C runtime); these give `UserDefaults` Apple's KVC behaviour (keys are defaults)
// and let `value(forKey:)` read the stored properties of any NSObject subclass, as on iOS.

extension NSObject {
    /// The value of the property `key`: for `UserDefaults` the default, for other objects the
    /// stored property of that name (found by reflection, superclasses included). A key the
    /// object does not have stops the process as iOS does (`NSUnknownKeyException`).
    public func value(forKey key: String) -> Any? {
        if let defaults = self as? UserDefaults { return defaults.object(forKey: key) }
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == key || $0.label == "_\(key)" }) {
                return Self.unwrapped(child.value)
            }
            mirror = current.superclassMirror
        }
        fatalError("*** Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<\(type(of: self))> "
            + "valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key).'")
    }

    /// Sets the property `key`: for `UserDefaults` the default (nil removes it). Other objects
    /// cannot be written by reflection on Linux: that stops the process with a message saying so.
    public func setValue(_ value: Any?, forKey key: String) {
        if let defaults = self as? UserDefaults {
            defaults.set(value, forKey: key)
            return
        }
        fatalError("setValue(_:forKey:) on \(type(of: self)) (key \(key)): nsesim's Foundation on Linux can write "
            + "key-value coding only to UserDefaults; set the property directly")
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
