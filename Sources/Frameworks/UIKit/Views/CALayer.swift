@_spi(NSESim) import CoreGraphics
import Foundation

/// The layer behind a view: the few properties extensions set on it (corner radius, border,
/// shadow), stored. Nothing is composited; the snapshot reports the corner radius.
open class CALayer: NSObject {
    /// The radius of the rounded corners.
    open var cornerRadius: CGFloat = 0
    /// Whether sublayers are clipped to the bounds (the view's `clipsToBounds`).
    open var masksToBounds: Bool = false
    /// The width of the border.
    open var borderWidth: CGFloat = 0
    /// The colour of the border.
    open var borderColor: CGColor?
    /// The background colour (the view's).
    open var backgroundColor: CGColor?
    /// The colour of the shadow.
    open var shadowColor: CGColor?
    /// The opacity of the shadow, 0 (none) to 1.
    open var shadowOpacity: Float = 0
    /// The offset of the shadow.
    open var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    /// The blur radius of the shadow.
    open var shadowRadius: CGFloat = 3
    /// The opacity of the layer (the view's `alpha`).
    open var opacity: Float = 1
    /// Whether the layer is hidden (the view's `isHidden`).
    open var isHidden: Bool = false
    /// The frame, as the view's.
    open var frame: CGRect = .zero
    /// The bounds, as the view's.
    open var bounds: CGRect = .zero
    /// The name.
    open var name: String?
    /// The sublayers added with `addSublayer(_:)` (stored; not drawn).
    open private(set) var sublayers: [CALayer]?

    public override init() { super.init() }

    /// Adds a sublayer (stored).
    open func addSublayer(_ layer: CALayer) {
        sublayers = (sublayers ?? []) + [layer]
    }
}
