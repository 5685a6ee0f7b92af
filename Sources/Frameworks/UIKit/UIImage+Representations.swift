import Foundation

/// UIKit's functions of before Swift 4.2 (`UIImagePNGRepresentation`, `UIImageJPEGRepresentation`),
/// which Swift 4.2 renamed to `UIImage.pngData()` and `jpegData(compressionQuality:)`: a project
/// in Swift 4 mode (`SWIFT_VERSION = 4.0`) still calls them.
@available(swift, obsoleted: 4.2, renamed: "UIImage.pngData(self:)")
public func UIImagePNGRepresentation(_ image: UIImage) -> Data? {
    image.pngData()
}

@available(swift, obsoleted: 4.2, renamed: "UIImage.jpegData(self:compressionQuality:)")
public func UIImageJPEGRepresentation(_ image: UIImage, _ compressionQuality: CGFloat) -> Data? {
    image.jpegData(compressionQuality: compressionQuality)
}
