import Foundation
import UserNotifications

/// One item the user picked in a photo picker (`PHPickerViewController`, which an extension
/// does not show): its data through `itemProvider`, and its photo library identifier when the
/// picker had library access.
public struct PHPickerResult: Equatable, Hashable, @unchecked Sendable {
    /// The item's representations (`loadDataRepresentation(forTypeIdentifier:completionHandler:)`).
    public let itemProvider: NSItemProvider
    /// The asset's identifier in the photo library, when known.
    public let assetIdentifier: String?

    /// A result for `itemProvider`: what tests and previews make, as the picker does.
    public init(itemProvider: NSItemProvider, assetIdentifier: String? = nil) {
        self.itemProvider = itemProvider
        self.assetIdentifier = assetIdentifier
    }
}
