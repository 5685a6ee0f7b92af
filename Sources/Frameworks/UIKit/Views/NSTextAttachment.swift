import Foundation

/// An image (or file) inside attributed text, as UIKit's `NSTextAttachment`: a label shows
/// its image where the attachment character stands (the snapshot draws text only: the image
/// is kept and its bounds used for layout).
open class NSTextAttachment: NSObject, @unchecked Sendable {
    /// The attached data.
    open var contents: Data?
    /// The uniform type identifier of `contents`.
    open var fileType: String?
    /// The image shown (iOS: also made from `contents` when it is an image).
    open var image: UIImage?
    /// Where the image is laid out, relative to the line's baseline; `.zero`: the image's size.
    open var bounds: CGRect = .zero

    /// An attachment of `contentData` of type `uti`.
    public init(data contentData: Data?, ofType uti: String?) {
        contents = contentData
        fileType = uti
        image = contentData.flatMap { UIImage(data: $0) }
        super.init()
    }

    /// An attachment showing `image` (iOS 13).
    public convenience init(image: UIImage) {
        self.init(data: nil, ofType: nil)
        self.image = image
    }

    /// An empty attachment.
    public override convenience init() { self.init(data: nil, ofType: nil) }

    /// The character that stands for an attachment in attributed text (U+FFFC).
    public static let character: Int = 0xFFFC
}

extension NSAttributedString {
    /// The attachment character with `attachment` (iOS's `NSAttributedString(attachment:)`).
    public convenience init(attachment: NSTextAttachment) {
        self.init(string: "\u{FFFC}", attributes: [.attachment: attachment])
    }
}
