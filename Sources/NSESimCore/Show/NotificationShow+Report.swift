import Foundation
import NSESimBuild
import NSESimHost
import NSESimRuntime

extension NotificationShow {
    /// The typed object of `nsesim show --format json` (docs/behaviour.md#content-extensions).
    package var report: ShowReport {
        ShowReport(
            request: NotificationReport.Request(delivery.payload),
            delivered: delivery.deliveredContent,
            serviceExtension: serviceExtensionRan ? delivery.report : nil,
            contentExtension: contentExtensionReport,
            warnings: warnings,
            errors: result?.errors ?? [])
    }

    /// The report as JSON: what `--format json` prints.
    package var jsonValue: JSONValue { JSONValue(encoding: report) }

    /// The `contentExtension` section as JSON, which replay's `expect.contentExtension` is checked against.
    package var contentExtensionJSON: JSONValue { JSONValue(encoding: contentExtensionReport) }

    /// The `contentExtension` section.
    package var contentExtensionReport: ShowReport.ContentExtension {
        var section = ShowReport.ContentExtension(
            extensionPath: contentExtension, category: category, categories: attributes?.categories ?? [],
            matched: matched, buildWarnings: buildWarnings,
            attributes: attributes.map {
                ShowReport.Attributes(
                    initialContentSizeRatio: $0.initialContentSizeRatio, defaultContentHidden: $0.defaultContentHidden,
                    overridesDefaultTitle: $0.overridesDefaultTitle, userInteractionEnabled: $0.userInteractionEnabled)
            },
            actionsRule: "iOS shows at most \(Self.shownActionLimit) actions under an expanded notification",
            registeredActions: registeredActions,
            titleShown: delivery.deliveredContent["title"]?.stringValue ?? "",
            steps: [], appDelegate: [], warnings: warnings, errors: [])
        guard let result else {
            // The default interface: nothing of the extension ran; the same keys, empty.
            section.interface = "default"
            return section
        }
        section.titleShown = titleShown(after: result.presented)
        section.defaultContentHidden = attributes?.defaultContentHidden ?? false
        if let presented = result.presented {
            section.presented = Self.reported(presented)
            section.actionsShown = presented["notificationActions"] ?? .array([])
        }
        section.steps = result.steps.map { step in
            ShowReport.Step(
                step: step.step.jsonValue, option: step.option,
                implemented: step.option == nil ? nil : (step.answer["implemented"] ?? .bool(true)),
                forwardedToApp: step.option.map { $0 == "dismissAndForwardAction" },
                after: Self.reported(step.answer))
        }
        section.closedBy = Nullable(wrappedValue: result.closedBy)
        section.appDelegate = appDelegateResponses
        section.log = result.log
        section.warnings =
            result.warnings
            + result.records.filter { $0.source == NSESimReportSource.contentExtensionWarning.rawValue }.compactMap(\.record.stringValue)
        section.errors = result.errors
        let images = result.records.filter { $0.source == NSESimReportSource.image.rawValue }.map(\.record)
        let logRecords = result.records.filter { $0.source == NSESimReportSource.log.rawValue }.map(\.record)
        section.images = images.isEmpty ? nil : images
        section.logRecords = logRecords.isEmpty ? nil : logRecords
        section.peakMemoryBytes = result.peakMemory?.peakBytes
        return section
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
