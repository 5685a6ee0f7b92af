import Foundation

/// Animations end at once: nsesim shows the interface after layout, so the animation block
/// runs immediately and the completion is called with `true` (finished).
extension UIView {
    /// Runs `animations` at once.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animations()
    }

    /// Runs `animations`, then `completion(true)`, at once.
    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    /// Runs `animations`, then `completion(true)`, at once (the delay and options are ignored).
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    /// Runs `animations`, then `completion(true)`, at once (the spring is ignored).
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    /// Runs `animations`, then `completion(true)`, at once.
    public class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        animations?()
        completion?(true)
    }

    /// Runs `actionsWithoutAnimation`.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        actionsWithoutAnimation()
    }

    /// Whether animations are enabled: they always end at once here.
    public class var areAnimationsEnabled: Bool { true }

    /// Enables or disables animations (nothing to do: they end at once).
    public class func setAnimationsEnabled(_ enabled: Bool) {}
}
