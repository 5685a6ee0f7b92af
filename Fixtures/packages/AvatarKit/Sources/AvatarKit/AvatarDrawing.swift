import UIKit

/// Avatar drawing as image libraries do it: rounded corners clipped with a Bézier path, a
/// tint drawn with `destinationIn`, an autorelease pool around each decode.
public enum AvatarDrawing {
    /// Where the code was built: "iOS" in an iOS build (Xcode's, or nsesim's).
    public static var platform: String {
        #if os(iOS) || os(tvOS)
        return "iOS"
        #else
        return "other"
        #endif
    }

    /// The image decoded, its corners rounded by `radius` points (all four, or `corners`).
    public static func rounded(_ data: Data, radius: CGFloat, corners: UIRectCorner = .allCorners) -> UIImage? {
        let image: UIImage? = autoreleasepool { UIImage(data: data) }
        guard let image else { return nil }
        let rect = CGRect(origin: .zero, size: image.size)
        let format = UIGraphicsImageRendererFormat()
        format.scale = image.scale
        format.opaque = false
        return UIGraphicsImageRenderer(size: image.size, format: format).image { _ in
            UIBezierPath(roundedRect: rect, byRoundingCorners: corners, cornerRadii: CGSize(width: radius, height: radius)).addClip()
            image.draw(in: rect)
        }
    }

    /// The image's shape filled with `color`: its opaque pixels keep the colour.
    public static func tinted(_ image: UIImage, with color: UIColor) -> UIImage {
        let rect = CGRect(origin: .zero, size: image.size)
        let format = UIGraphicsImageRendererFormat()
        format.scale = image.scale
        format.opaque = false
        return UIGraphicsImageRenderer(size: image.size, format: format).image { context in
            color.setFill()
            context.fill(rect)
            image.draw(in: rect, blendMode: .destinationIn, alpha: 1)
        }
    }

    /// Whether the app object can be reached (never in an app extension).
    public static var hasApplication: Bool {
        UIApplication.responds(to: NSSelectorFromString("sharedApplication"))
    }
}

private var avatarURLKey: Void?

extension UIImageView {
    /// The avatar URL last set on the view (kept on the view as Kingfisher keeps its task).
    public var avatarURL: URL? {
        get { getAssociatedObject(self, &avatarURLKey) }
        set { setRetainedAssociatedObject(self, &avatarURLKey, newValue) }
    }

    @objc func shouldPreloadAllFrames() -> Bool { return true }
}

/// An image view for animated avatars, overriding the extension's `@objc` method.
open class AnimatedAvatarView: UIImageView {
    override func shouldPreloadAllFrames() -> Bool { return false }
}
