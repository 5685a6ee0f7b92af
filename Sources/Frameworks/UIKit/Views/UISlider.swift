import Foundation

/// A slider choosing a value in a range; no intrinsic width, 31 points high (its thumb).
open class UISlider: UIControl {
    /// The value, clamped to the range.
    open var value: Float = 0 { didSet { value = min(max(value, minimumValue), maximumValue) } }
    /// The smallest value (0 by default).
    open var minimumValue: Float = 0
    /// The largest value (1 by default).
    open var maximumValue: Float = 1
    /// Whether moving the thumb sends `.valueChanged` continuously (stored).
    open var isContinuous: Bool = true
    /// The colour of the track below the value (nil: the tint colour).
    open var minimumTrackTintColor: UIColor?
    /// The colour of the track above the value.
    open var maximumTrackTintColor: UIColor?
    /// The colour of the thumb.
    open var thumbTintColor: UIColor?
    /// The image at the minimum end (stored).
    open var minimumValueImage: UIImage?
    /// The image at the maximum end (stored).
    open var maximumValueImage: UIImage?

    public override init(frame: CGRect) { super.init(frame: frame) }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Sets the value (at once).
    open func setValue(_ value: Float, animated: Bool) { self.value = value }

    /// No intrinsic width, 31 points high.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 31) }
}
