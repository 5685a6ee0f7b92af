import Foundation

/// An object that answers selectors by name: what the Objective-C runtime gives every
/// `@objc` method on iOS. Linux has no runtime; a class conforms when it can call its own
/// methods by their selectors' names.
public protocol _NSESimSelectorPerforming: AnyObject {
    /// Whether the object has a method for `selector`.
    func _nsesimResponds(to selector: Selector) -> Bool
    /// Calls the method for `selector` with `argument`; false when there is none.
    func _nsesimPerform(_ selector: Selector, with argument: Any?) -> Bool
}

extension NSObject {
    /// Whether the object has a method for `selector` (NSObject's `responds(to:)`): true for
    /// an object that answers selectors by name (`_NSESimSelectorPerforming`), false otherwise,
    /// as the Objective-C runtime says of a method it does not find.
    public func responds(to selector: Selector) -> Bool {
        (self as? any _NSESimSelectorPerforming)?._nsesimResponds(to: selector) ?? false
    }

    /// Whether the class has a class method for `selector`: false, since no class method is
    /// registered by name on Linux. `UIApplication.responds(to: NSSelectorFromString("sharedApplication"))`
    /// is how libraries ask for the shared application in an app extension, where iOS has none
    /// to give: they take the answer as "no application".
    public class func responds(to selector: Selector) -> Bool { false }

    /// Whether the class's instances have a method for `selector`: false, since Linux registers
    /// no method by name (a class answering selectors by name is asked through an instance's
    /// `responds(to:)`). Gifu asks `UIImageView.instancesRespond(to: #selector(display(_:)))`
    /// before calling `super.display(_:)`, which UIImageView does not implement on iOS either.
    public class func instancesRespond(to selector: Selector) -> Bool { false }

    /// Calls the method for `selector` (NSObject's `perform(_:)`); nil, as for a method
    /// returning void. A selector the object has no method for stops the process, as the
    /// runtime's `unrecognized selector sent to instance` does.
    @discardableResult
    public func perform(_ selector: Selector) -> Unmanaged<AnyObject>! {
        perform(selector, with: nil)
    }

    /// Calls the method for `selector` with `object`; see `perform(_:)`.
    @discardableResult
    public func perform(_ selector: Selector, with object: Any?) -> Unmanaged<AnyObject>! {
        guard let performer = self as? any _NSESimSelectorPerforming, performer._nsesimPerform(selector, with: object) else {
            fatalError(
                "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '-[\(type(of: self)) \(selector)]: "
                    + "unrecognized selector sent to instance'")
        }
        return nil
    }

    /// The class method for `selector`: none is registered on Linux, so this stops the
    /// process as the runtime does; ask `responds(to:)` first.
    @discardableResult
    public class func perform(_ selector: Selector) -> Unmanaged<AnyObject>! {
        fatalError(
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '+[\(self) \(selector)]: "
                + "unrecognized selector sent to class'")
    }
}

extension NotificationCenter {
    /// Registers `observer` to be sent `selector` when `name` is posted (by `object`, when
    /// given), as iOS does. The observer is held weakly (iOS 9's rule: no need to remove it).
    /// It is called with the notification when it answers selectors by name
    /// (`_NSESimSelectorPerforming`); otherwise the post is said on stderr, since Linux has no
    /// runtime to call a method by its name.
    public func addObserver(_ observer: Any, selector: Selector, name: NSNotification.Name?, object: Any?) {
        final class Target: @unchecked Sendable {
            weak var value: AnyObject?
            init(_ value: AnyObject) { self.value = value }
        }
        let target = Target(observer as AnyObject)
        _ = addObserver(forName: name, object: object, queue: nil) { notification in
            guard let observer = target.value else { return }
            if let performer = observer as? any _NSESimSelectorPerforming, performer._nsesimPerform(selector, with: notification) {
                return
            }
            FileHandle.standardError.write(
                Data(
                    "nsesim: \(notification.name.rawValue) not sent to \(type(of: observer)).\(selector): no Objective-C runtime calls a method by name on Linux\n"
                        .utf8))
        }
    }
}
