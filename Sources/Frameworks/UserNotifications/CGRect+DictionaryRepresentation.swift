// On iOS these come from CoreGraphics, which the UserNotifications API leans on for
// UNNotificationAttachmentOptionsThumbnailClippingRectKey. Linux's Foundation has CGRect
// but not its dictionary form, so this module supplies it with CoreGraphics' keys.

extension CGRect {
    /// The rectangle as a dictionary with the keys `X`, `Y`, `Width` and `Height`.
    public var dictionaryRepresentation: NSDictionary {
        let entries: [String: Any] = [
            "X": Double(origin.x), "Y": Double(origin.y),
            "Width": Double(size.width), "Height": Double(size.height),
        ]
        return NSDictionary(dictionary: entries)
    }

    /// A rectangle from a dictionary made by ``dictionaryRepresentation``; nil when a key
    /// is missing or not a number.
    public init?(dictionaryRepresentation dictionary: NSDictionary) {
        guard let entries = FoundationNumber.dictionary(dictionary) else { return nil }
        self.init(dictionaryRepresentation: entries)
    }

    init?(dictionaryRepresentation entries: [String: Any]) {
        guard let x = entries["X"].flatMap(FoundationNumber.double),
            let y = entries["Y"].flatMap(FoundationNumber.double),
            let width = entries["Width"].flatMap(FoundationNumber.double),
            let height = entries["Height"].flatMap(FoundationNumber.double)
        else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }
}
