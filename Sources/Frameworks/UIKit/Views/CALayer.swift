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

    /// What the layer shows: a `CGImage` set by code that draws frames itself (an animated
    /// image view), stored.
    open var contents: Any?
    /// Pixels per point of `contents`.
    open var contentsScale: CGFloat = 1
    /// How `contents` fills the bounds (Core Animation's gravity names), stored.
    open var contentsGravity: CALayerContentsGravity = .resize
    /// Whether `display()` is due (set by `setNeedsDisplay()`).
    open private(set) var needsDisplay = false
    /// The layer's delegate (the view it backs), asked to draw by `display()`.
    open weak var delegate: (any CALayerDelegate)?

    public override init() { super.init() }

    /// Marks the layer for `display()`: done at once here, as a frame would do it (no frames
    /// are composited on Linux, so the delegate's `display(_:)` runs now).
    @MainActor open func setNeedsDisplay() {
        needsDisplay = true
        displayIfNeeded()
    }

    /// Displays now if marked.
    @MainActor open func displayIfNeeded() {
        guard needsDisplay else { return }
        needsDisplay = false
        display()
    }

    /// Asks the delegate to set `contents` (`CALayerDelegate.display(_:)`).
    @MainActor open func display() { delegate?.display(self) }

    /// Adds a sublayer (stored).
    open func addSublayer(_ layer: CALayer) {
        sublayers = (sublayers ?? []) + [layer]
    }
}

/// What a layer asks of the object that backs it (a view).
@preconcurrency @MainActor public protocol CALayerDelegate: AnyObject {
    /// Sets the layer's `contents`.
    func display(_ layer: CALayer)
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) {}
}

/// How a layer's contents fill its bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// The current media time in seconds (Core Animation's clock: the machine's uptime).
public func CACurrentMediaTime() -> CFTimeInterval { ProcessInfo.processInfo.systemUptime }
