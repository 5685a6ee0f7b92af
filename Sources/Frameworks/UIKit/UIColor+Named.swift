import Foundation

extension UIColor {
    private static func rgb(_ red: Int, _ green: Int, _ blue: Int, _ alpha: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
    }

    // The fixed colours.
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // The adaptable system colours, light appearance (iOS 15 values).
    public class var systemRed: UIColor { rgb(255, 59, 48) }
    public class var systemGreen: UIColor { rgb(52, 199, 89) }
    public class var systemBlue: UIColor { rgb(0, 122, 255) }
    public class var systemOrange: UIColor { rgb(255, 149, 0) }
    public class var systemYellow: UIColor { rgb(255, 204, 0) }
    public class var systemPink: UIColor { rgb(255, 45, 85) }
    public class var systemPurple: UIColor { rgb(175, 82, 222) }
    public class var systemTeal: UIColor { rgb(48, 176, 199) }
    public class var systemIndigo: UIColor { rgb(88, 86, 214) }
    public class var systemMint: UIColor { rgb(0, 199, 190) }
    public class var systemCyan: UIColor { rgb(50, 173, 230) }
    public class var systemBrown: UIColor { rgb(162, 132, 94) }
    public class var systemGray: UIColor { rgb(142, 142, 147) }
    public class var systemGray2: UIColor { rgb(174, 174, 178) }
    public class var systemGray3: UIColor { rgb(199, 199, 204) }
    public class var systemGray4: UIColor { rgb(209, 209, 214) }
    public class var systemGray5: UIColor { rgb(229, 229, 234) }
    public class var systemGray6: UIColor { rgb(242, 242, 247) }
    public class var tintColor: UIColor { systemBlue }

    // The semantic colours, light appearance.
    public class var label: UIColor { black }
    public class var secondaryLabel: UIColor { rgb(60, 60, 67, 0.6) }
    public class var tertiaryLabel: UIColor { rgb(60, 60, 67, 0.3) }
    public class var quaternaryLabel: UIColor { rgb(60, 60, 67, 0.18) }
    public class var link: UIColor { systemBlue }
    public class var placeholderText: UIColor { rgb(60, 60, 67, 0.3) }
    public class var separator: UIColor { rgb(60, 60, 67, 0.29) }
    public class var opaqueSeparator: UIColor { rgb(198, 198, 200) }
    public class var systemBackground: UIColor { white }
    public class var secondarySystemBackground: UIColor { rgb(242, 242, 247) }
    public class var tertiarySystemBackground: UIColor { white }
    public class var systemGroupedBackground: UIColor { rgb(242, 242, 247) }
    public class var secondarySystemGroupedBackground: UIColor { white }
    public class var tertiarySystemGroupedBackground: UIColor { rgb(242, 242, 247) }
    public class var systemFill: UIColor { rgb(120, 120, 128, 0.2) }
    public class var secondarySystemFill: UIColor { rgb(120, 120, 128, 0.16) }
    public class var tertiarySystemFill: UIColor { rgb(118, 118, 128, 0.12) }
    public class var quaternarySystemFill: UIColor { rgb(116, 116, 128, 0.08) }
}
