public import AttachmentValidation

extension AttachmentOptions {
    /// Parses the options dictionary of `UNNotificationAttachment(identifier:url:options:)`.
    /// A value of the wrong type is an error that names the key.
    init(dictionary: [AnyHashable: Any]) throws(AttachmentValidationError) {
        self.init()
        for (key, value) in dictionary {
            guard let key = key.base as? String else { continue }
            switch key {
            case UNNotificationAttachmentOptionsTypeHintKey:
                guard let hint = value as? String else {
                    throw .corrupt("option TypeHint must be a UTI string, found \(Swift.type(of: value))")
                }
                typeHint = hint
            case UNNotificationAttachmentOptionsThumbnailHiddenKey:
                guard let hidden = FoundationNumber.bool(value) else {
                    throw .corrupt("option ThumbnailHidden must be a Bool, found \(Swift.type(of: value))")
                }
                thumbnailHidden = hidden
            case UNNotificationAttachmentOptionsThumbnailClippingRectKey:
                thumbnailClippingRect = try Self.clippingRect(value)
            case UNNotificationAttachmentOptionsThumbnailTimeKey:
                thumbnailTime = try Self.thumbnailTime(value)
            default:
                continue  // iOS ignores keys it does not know
            }
        }
    }

    private static func clippingRect(_ value: Any) throws(AttachmentValidationError) -> ClippingRect {
        if let rect = value as? CGRect {
            return ClippingRect(
                x: Double(rect.origin.x), y: Double(rect.origin.y),
                width: Double(rect.size.width), height: Double(rect.size.height))
        }
        guard let dictionary = FoundationNumber.dictionary(value),
            let rect = CGRect(dictionaryRepresentation: dictionary)
        else {
            throw .corrupt(
                "option ThumbnailClippingRect must be a rectangle dictionary "
                    + "(CGRect.dictionaryRepresentation, keys X, Y, Width, Height), found \(Swift.type(of: value))")
        }
        return ClippingRect(
            x: Double(rect.origin.x), y: Double(rect.origin.y),
            width: Double(rect.size.width), height: Double(rect.size.height))
    }

    private static func thumbnailTime(_ value: Any) throws(AttachmentValidationError) -> ThumbnailTime {
        if let number = FoundationNumber.double(value) { return .number(number) }
        if let dictionary = FoundationNumber.dictionary(value),
            let timeValue = dictionary["value"].flatMap(FoundationNumber.double),
            let timescale = dictionary["timescale"].flatMap(FoundationNumber.double)
        {
            return .cmTime(value: Int64(timeValue), timescale: Int32(clamping: Int64(timescale)))
        }
        throw .corrupt(
            "option ThumbnailTime must be a number (frame or seconds) or a CMTime dictionary "
                + "with value and timescale, found \(Swift.type(of: value))")
    }
}

/// Reads numbers and dictionaries out of `Any` whether they are Swift values or
/// Foundation objects (on Linux they do not always bridge with `as?`).
enum FoundationNumber {
    /// A number, Swift or NSNumber; not a Boolean (on Linux a Bool also casts to NSNumber).
    static func double(_ value: Any) -> Double? {
        let dynamicType = Swift.type(of: value)
        if dynamicType == CGFloat.self, let value = value as? CGFloat { return Double(value) }
        guard dynamicType != Bool.self, let number = value as? NSNumber else { return nil }
        let encoding = String(cString: number.objCType)
        return encoding == "c" || encoding == "B" ? nil : number.doubleValue
    }

    /// A Bool, or any NSNumber (iOS reads the option with `boolValue`, so `@1` works too).
    static func bool(_ value: Any) -> Bool? {
        if Swift.type(of: value) == Bool.self { return value as? Bool }
        return (value as? NSNumber)?.boolValue
    }

    static func dictionary(_ value: Any) -> [String: Any]? {
        if let dictionary = value as? [String: Any] { return dictionary }
        if let dictionary = value as? NSDictionary {
            var result: [String: Any] = [:]
            for (key, item) in dictionary {
                if let key = key as? String { result[key] = item }
            }
            return result
        }
        return nil
    }
}
