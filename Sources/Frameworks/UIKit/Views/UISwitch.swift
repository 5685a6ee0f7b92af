import Foundation

/// An on/off switch: 51 × 31 points. `setOn(_:animated:)` does not send `.valueChanged`; a
/// simulated tap (`sendActions(for: .valueChanged)`) runs the actions.
open class UISwitch: UIControl {
    /// Whether the switch is on.
    open var isOn: Bool = false
    /// The colour of the track when on (nil: green).
    open var onTintColor: UIColor?
    /// The colour of the thumb (nil: white).
    open var thumbTintColor: UIColor?
    /// The title (Mac Catalyst; stored).
    open var title: String?

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 51, height: 31)))
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Turns the switch on or off.
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }

    /// 51 × 31 points.
    open override var intrinsicContentSize: CGSize { CGSize(width: 51, height: 31) }
}
