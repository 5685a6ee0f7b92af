import NSESimRuntime

// The JSON form of categories and actions: how the center stores them and reports show
// them. Keys are Apple's property names.

extension UNNotificationAction {
    @_spi(NSESim) public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "identifier": .string(identifier), "title": .string(title),
            "options": .array(options.names.map(JSONValue.string)),
        ]
        if let icon {
            object["icon"] =
                icon.systemImageName.map { .object(["systemImageName": .string($0)]) }
                ?? .object(["templateImageName": .string(icon.templateImageName ?? "")])
        }
        if let input = self as? UNTextInputNotificationAction {
            object["textInputButtonTitle"] = .string(input.textInputButtonTitle)
            object["textInputPlaceholder"] = .string(input.textInputPlaceholder)
        }
        return .object(object)
    }

    /// An action from its JSON form (a text-input action when it has a button title).
    @_spi(NSESim) public static func fromJSON(_ value: JSONValue) -> UNNotificationAction? {
        guard let identifier = value["identifier"]?.stringValue else { return nil }
        let title = value["title"]?.stringValue ?? ""
        let options = UNNotificationActionOptions(names: (value["options"]?.arrayValue ?? []).compactMap(\.stringValue))
        let icon: UNNotificationActionIcon? = value["icon"].flatMap { icon in
            icon["systemImageName"]?.stringValue.map { UNNotificationActionIcon(systemImageName: $0) }
                ?? icon["templateImageName"]?.stringValue.map { UNNotificationActionIcon(templateImageName: $0) }
        }
        if let button = value["textInputButtonTitle"]?.stringValue {
            return UNTextInputNotificationAction(
                identifier: identifier, title: title, options: options, icon: icon,
                textInputButtonTitle: button,
                textInputPlaceholder: value["textInputPlaceholder"]?.stringValue ?? "")
        }
        return UNNotificationAction(identifier: identifier, title: title, options: options, icon: icon)
    }
}

extension UNNotificationCategory {
    @_spi(NSESim) public var jsonValue: JSONValue {
        .object([
            "identifier": .string(identifier),
            "actions": .array(actions.map(\.jsonValue)),
            "intentIdentifiers": .array(intentIdentifiers.map(JSONValue.string)),
            "options": .array(options.names.map(JSONValue.string)),
            "hiddenPreviewsBodyPlaceholder": .string(hiddenPreviewsBodyPlaceholder),
            "categorySummaryFormat": .string(categorySummaryFormat),
        ])
    }

    @_spi(NSESim) public static func fromJSON(_ value: JSONValue) -> UNNotificationCategory? {
        guard let identifier = value["identifier"]?.stringValue else { return nil }
        return UNNotificationCategory(
            identifier: identifier,
            actions: (value["actions"]?.arrayValue ?? []).compactMap(UNNotificationAction.fromJSON),
            intentIdentifiers: (value["intentIdentifiers"]?.arrayValue ?? []).compactMap(\.stringValue),
            hiddenPreviewsBodyPlaceholder: value["hiddenPreviewsBodyPlaceholder"]?.stringValue,
            categorySummaryFormat: value["categorySummaryFormat"]?.stringValue,
            options: UNNotificationCategoryOptions(names: (value["options"]?.arrayValue ?? []).compactMap(\.stringValue)))
    }
}
