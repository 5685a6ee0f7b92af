import Foundation
import NSESimBuild
import NSESimHost
import NSESimRuntime

extension NotificationShow {
    /// The object of `nsesim show --format json` (SPEC section 10): the delivery, then the
    /// `contentExtension` section.
    package var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "request": delivery.payload.requestJSON,
            "delivered": delivery.deliveredContent,
            "contentExtension": contentExtensionJSON,
            "warnings": .array(warnings.map(JSONValue.string)),
            "errors": .array((result?.errors ?? []).map(JSONValue.string)),
        ]
        if serviceExtensionRan { object["serviceExtension"] = delivery.jsonValue }
        return .object(object)
    }

    /// The `contentExtension` section.
    package var contentExtensionJSON: JSONValue {
        var object: [String: JSONValue] = [
            "extension": .string(contentExtension),
            "category": .string(category),
            "categories": .array((attributes?.categories ?? []).map(JSONValue.string)),
            "matched": .bool(matched),
            "buildWarnings": .array(buildWarnings.map(JSONValue.string)),
        ]
        if let attributes {
            object["attributes"] = .object([
                "initialContentSizeRatio": .double(attributes.initialContentSizeRatio),
                "defaultContentHidden": .bool(attributes.defaultContentHidden),
                "overridesDefaultTitle": .bool(attributes.overridesDefaultTitle),
                "userInteractionEnabled": .bool(attributes.userInteractionEnabled),
            ])
        }
        object["actionsRule"] = .string("iOS shows at most \(Self.shownActionLimit) actions under an expanded notification")
        object["registeredActions"] = .array(registeredActions)
        guard let result else {
            // The default interface: nothing of the extension ran; the same keys, empty.
            object["interface"] = .string("default")
            object["titleShown"] = .string(delivery.deliveredContent["title"]?.stringValue ?? "")
            object["steps"] = .array([])
            object["appDelegate"] = .array([])
            object["warnings"] = .array(warnings.map(JSONValue.string))
            object["errors"] = .array([])
            return .object(object)
        }
        object["titleShown"] = .string(titleShown(after: result.presented))
        object["defaultContentHidden"] = .bool(attributes?.defaultContentHidden ?? false)
        if let presented = result.presented {
            object["presented"] = Self.reported(presented)
            object["actionsShown"] = presented["notificationActions"] ?? .array([])
        }
        object["steps"] = .array(result.steps.map { step in
            var entry: [String: JSONValue] = ["step": step.step.jsonValue]
            if let option = step.option {
                entry["option"] = .string(option)
                entry["implemented"] = step.answer["implemented"] ?? .bool(true)
                entry["forwardedToApp"] = .bool(option == "dismissAndForwardAction")
            }
            entry["after"] = Self.reported(step.answer)
            return .object(entry)
        })
        object["closedBy"] = result.closedBy.map(JSONValue.string) ?? .null
        object["appDelegate"] = .array(appDelegateResponses)
        object["log"] = .array(result.log.map(JSONValue.string))
        object["warnings"] = .array(result.warnings.map(JSONValue.string)
            + result.records.filter { $0.source == NSESimReportSource.contentExtensionWarning.rawValue }.map(\.record))
        object["errors"] = .array(result.errors.map(JSONValue.string))
        for (key, source) in [("images", NSESimReportSource.image), ("logRecords", .log)] {
            let records = result.records.filter { $0.source == source.rawValue }
            if !records.isEmpty { object[key] = .array(records.map(\.record)) }
        }
        if let peak = result.peakMemory { object["peakMemoryBytes"] = .integer(peak.peakBytes) }
        return .object(object)
    }

    /// The title in the header: the view controller's `title` when the extension overrides
    /// the default title (`UNNotificationExtensionOverridesDefaultTitle`) and has one, else
    /// the notification's title.
    package func titleShown(after answer: JSONValue?) -> String {
        if attributes?.overridesDefaultTitle == true, let title = answer?["title"]?.stringValue, !title.isEmpty { return title }
        return delivery.deliveredContent["title"]?.stringValue ?? ""
    }

    /// An answer as the JSON report shows it: images without their pixels (their byte count).
    static func reported(_ answer: JSONValue) -> JSONValue {
        switch answer {
        case .object(var object):
            if case .object(var image) = object["image"] ?? .null, let png = image["png"]?.stringValue {
                image["png"] = nil
                image["pngBytes"] = .integer(Int64(Data(base64Encoded: png)?.count ?? 0))
                object["image"] = .object(image)
            }
            for (key, value) in object where key != "image" {
                if case .object = value { object[key] = reported(value) }
                if case .array(let items) = value { object[key] = .array(items.map(reported)) }
            }
            return .object(object)
        default:
            return answer
        }
    }
}
