import Foundation

/// The device's screen: an iPhone 15's (393 × 852 points at scale 3), the scale that
/// `UIGraphicsImageRendererFormat.default()` and `UIImage(named:)` use.
open class UIScreen: NSObject, @unchecked Sendable {
    /// The screen.
    public class var main: UIScreen { shared }
    private static let shared = UIScreen()

    /// Pixels per point.
    open var scale: CGFloat { 3 }
    /// The physical pixels per point.
    open var nativeScale: CGFloat { 3 }
    /// The bounds in points, portrait.
    open var bounds: CGRect { CGRect(x: 0, y: 0, width: 393, height: 852) }
    /// The bounds in pixels.
    open var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: 1179, height: 2556) }
    /// The traits of the screen.
    open var traitCollection: UITraitCollection { .current }
}
