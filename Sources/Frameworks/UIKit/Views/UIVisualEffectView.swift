import Foundation

/// A visual effect: blur or vibrancy (stored; nothing is blurred).
open class UIVisualEffect: NSObject, @unchecked Sendable {
    public override init() { super.init() }
}

/// A blur of what is behind a view.
open class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
    /// How strong and light the blur is.
    public enum Style: Int, Sendable {
        case extraLight, light, dark, extraDark, regular, prominent
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight
        case systemChromeMaterialLight, systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark
        case systemThickMaterialDark, systemChromeMaterialDark
    }

    /// The style.
    public let style: Style

    /// A blur of a style.
    public init(style: Style) {
        self.style = style
        super.init()
    }
}

/// Vibrancy for content on a blur.
open class UIVibrancyEffect: UIVisualEffect, @unchecked Sendable {
    /// The blur the vibrancy goes with.
    public let blurEffect: UIBlurEffect

    /// Vibrancy for a blur.
    public init(blurEffect: UIBlurEffect) {
        self.blurEffect = blurEffect
        super.init()
    }
}

/// A view with a visual effect; add subviews to its `contentView`, which fills it.
open class UIVisualEffectView: UIView {
    /// The effect (stored).
    open var effect: UIVisualEffect?
    /// The view to add subviews to: the effect view's size, resized with it.
    public let contentView = UIView()

    /// A view with an effect.
    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        setUpContentView()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpContentView()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpContentView()
    }

    private func setUpContentView() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }
}
