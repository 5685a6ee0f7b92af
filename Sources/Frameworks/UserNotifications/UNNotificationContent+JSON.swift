public import AttachmentValidation
import NSESimRuntime

// The JSON form of notification content: the wire format between nsesim and an extension
// process, and the `delivered` object of reports. Keys are Apple's property names.

extension UNNotificationContent {
    /// The content as JSON, every property included.
    @_spi(NSESim) public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "title": .string(title),
            "subtitle": .string(subtitle),
            "body": .string(body),
            "badge": badge.map { .integer($0.int64Value) } ?? .null,
            "sound": sound.map(\.jsonValue) ?? .null,
            "categoryIdentifier": .string(categoryIdentifier),
            "threadIdentifier": .string(threadIdentifier),
            "targetContentIdentifier": targetContentIdentifier.map(JSONValue.string) ?? .null,
            "interruptionLevel": .string(interruptionLevel.name),
            "relevanceScore": .double(relevanceScore),
            "launchImageName": .string(launchImageName),
            "filterCriteria": filterCriteria.map(JSONValue.string) ?? .null,
            "summaryArgument": .string(summaryArgument),
            "summaryArgumentCount": .integer(Int64(summaryArgumentCount)),
            "attachments": .array(attachments.map(\.jsonValue)),
        ]
        object["userInfo"] = JSONValue(foundationLossy: userInfo)
        if let communication = fields.communication {
            object["communication"] = .object(communication.mapValues(JSONValue.string))
        }
        return .object(object)
    }

    /// Content from its JSON form; absent keys keep their defaults, wrong types are errors
    /// naming the key.
    @_spi(NSESim) public static func fromJSON(
        _ value: JSONValue, path: String = "content"
    ) throws(JSONTypeError) -> UNMutableNotificationContent {
        guard let object = value.objectValue else {
            throw JSONTypeError(path: path, expected: "a dictionary", found: value.typeDescription)
        }
        let content = UNMutableNotificationContent()
        if let title = try object.string("title", in: path) { content.title = title }
        if let subtitle = try object.string("subtitle", in: path) { content.subtitle = subtitle }
        if let body = try object.string("body", in: path) { content.body = body }
        if let badge = try object.integer("badge", in: path) { content.badge = NSNumber(value: badge) }
        if let sound = try object.object("sound", in: path) {
            content.sound = try UNNotificationSound.fromJSON(sound, path: path.appendingKey("sound"))
        }
        if let category = try object.string("categoryIdentifier", in: path) { content.categoryIdentifier = category }
        if let thread = try object.string("threadIdentifier", in: path) { content.threadIdentifier = thread }
        content.targetContentIdentifier = try object.string("targetContentIdentifier", in: path)
        if let level = try object.string("interruptionLevel", in: path) {
            guard let parsed = UNNotificationInterruptionLevel(name: level) else {
                throw JSONTypeError(
                    path: path.appendingKey("interruptionLevel"),
                    expected: "passive, active, timeSensitive or critical", found: "\"\(level)\"")
            }
            content.interruptionLevel = parsed
        }
        if let score = try object.number("relevanceScore", in: path) { content.relevanceScore = score }
        if let image = try object.string("launchImageName", in: path) { content.launchImageName = image }
        content.filterCriteria = try object.string("filterCriteria", in: path)
        if let communication = try object.object("communication", in: path) {
            content.fields.communication = communication.compactMapValues(\.stringValue)
        }
        if let argument = try object.string("summaryArgument", in: path) { content.summaryArgument = argument }
        if let count = try object.integer("summaryArgumentCount", in: path) { content.summaryArgumentCount = Int(count) }
        if let userInfo = try object.object("userInfo", in: path) {
            var info: [AnyHashable: Any] = [:]
            for (key, item) in userInfo { info[key] = item.foundationValue }
            content.userInfo = info
        }
        if let attachments = try object.array("attachments", in: path) {
            var parsed: [UNNotificationAttachment] = []
            for (index, item) in attachments.enumerated() {
                parsed.append(try UNNotificationAttachment.fromJSON(item, path: "\(path).attachments[\(index)]"))
            }
            content.attachments = parsed
        }
        return content
    }
}

extension UNNotificationSound {
    /// `{"name": "default" | file name, "critical": Bool, "volume": 0...1 | null, "ringtone": Bool}`.
    @_spi(NSESim) public var jsonValue: JSONValue {
        .object([
            "name": .string(soundName?.rawValue ?? "default"),
            "critical": .bool(isCritical),
            "volume": audioVolume.map { .double(Double($0)) } ?? .null,
            "ringtone": .bool(isRingtone),
        ])
    }

    @_spi(NSESim) public static func fromJSON(_ object: [String: JSONValue], path: String) throws(JSONTypeError) -> UNNotificationSound {
        let name = try object.string("name", in: path) ?? "default"
        let volume = try object.number("volume", in: path).map(Float.init)
        return UNNotificationSound(
            soundName: name == "default" ? nil : UNNotificationSoundName(name),
            isCritical: try object.bool("critical", in: path) ?? false,
            audioVolume: volume,
            isRingtone: try object.bool("ringtone", in: path) ?? false
        )
    }
}

extension UNNotificationAttachment {
    /// `{"identifier", "url", "type", "options": {...}}`.
    @_spi(NSESim) public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "identifier": .string(identifier),
            "url": .string(url.absoluteString),
            "type": .string(type),
        ]
        if !options.isEmpty { object["options"] = options.jsonValue }
        return .object(object)
    }

    /// An attachment as an extension handed it; it is not validated here (nsesim
    /// validates every attachment again after the extension finishes).
    @_spi(NSESim) public static func fromJSON(_ value: JSONValue, path: String) throws(JSONTypeError) -> UNNotificationAttachment {
        guard let object = value.objectValue else {
            throw JSONTypeError(path: path, expected: "a dictionary", found: value.typeDescription)
        }
        let urlText = try object.string("url", in: path) ?? ""
        guard let url = URL(string: urlText) else {
            throw JSONTypeError(path: path.appendingKey("url"), expected: "a URL", found: "\"\(urlText)\"")
        }
        let options =
            try object.object("options", in: path).map { options throws(JSONTypeError) in
                try AttachmentOptions.fromJSON(options, path: path.appendingKey("options"))
            } ?? AttachmentOptions()
        return UNNotificationAttachment(
            identifier: try object.string("identifier", in: path) ?? "",
            url: url,
            type: try object.string("type", in: path) ?? "",
            options: options
        )
    }

    /// An attachment that nsesim has validated (or placed in the store).
    @_spi(NSESim) public static func validated(
        identifier: String, url: URL, type: String, options: AttachmentOptions
    ) -> UNNotificationAttachment {
        UNNotificationAttachment(identifier: identifier, url: url, type: type, options: options)
    }
}

extension AttachmentOptions {
    @_spi(NSESim) public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [:]
        if let typeHint { object["typeHint"] = .string(typeHint) }
        if let thumbnailHidden { object["thumbnailHidden"] = .bool(thumbnailHidden) }
        if let rect = thumbnailClippingRect {
            object["thumbnailClippingRect"] = .object([
                "x": .double(rect.x), "y": .double(rect.y), "width": .double(rect.width), "height": .double(rect.height),
            ])
        }
        switch thumbnailTime {
        case .number(let value): object["thumbnailTime"] = .double(value)
        case .cmTime(let value, let timescale):
            object["thumbnailTime"] = .object(["value": .integer(value), "timescale": .integer(Int64(timescale))])
        case nil: break
        }
        return .object(object)
    }

    @_spi(NSESim) public static func fromJSON(_ object: [String: JSONValue], path: String) throws(JSONTypeError) -> AttachmentOptions {
        var options = AttachmentOptions()
        options.typeHint = try object.string("typeHint", in: path)
        options.thumbnailHidden = try object.bool("thumbnailHidden", in: path)
        if let rect = try object.object("thumbnailClippingRect", in: path) {
            let rectPath = path.appendingKey("thumbnailClippingRect")
            options.thumbnailClippingRect = ClippingRect(
                x: try rect.number("x", in: rectPath) ?? 0, y: try rect.number("y", in: rectPath) ?? 0,
                width: try rect.number("width", in: rectPath) ?? 0, height: try rect.number("height", in: rectPath) ?? 0)
        }
        if let time = object["thumbnailTime"], time != .null {
            if let number = time.numberValue {
                options.thumbnailTime = .number(number)
            } else if let cmTime = time.objectValue {
                let timePath = path.appendingKey("thumbnailTime")
                options.thumbnailTime = .cmTime(
                    value: try cmTime.integer("value", in: timePath) ?? 0,
                    timescale: Int32(clamping: try cmTime.integer("timescale", in: timePath) ?? 0))
            } else {
                throw JSONTypeError(
                    path: path.appendingKey("thumbnailTime"), expected: "a number or {value, timescale}",
                    found: time.typeDescription)
            }
        }
        return options
    }
}
