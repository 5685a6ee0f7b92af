import Foundation
import NSESimBuild
import NSESimCenter
import NSESimHost
import NSESimPayload
import NSESimRuntime
import NSESimStore
@_spi(NSESim) import UserNotifications

/// One notification taken through the pipeline: payload → request → gate → extension →
/// attachment checks → store.
package struct NotificationRun {
    /// The payload as parsed.
    package let payload: ParsedPayload
    /// The extension's run; nil when iOS would not invoke it.
    package let extensionResult: ExtensionRunResult?
    /// The extension as built or loaded; nil when it was not needed.
    package let built: BuiltExtension?
    /// What happened to the app's notification center: the extension's changes, then the
    /// delivery (when a center was given).
    package var centerChanges: [JSONValue] = []
    /// What iOS would say about the delivery: a category nobody registered, a communication
    /// notification whose intent the extension's Info.plist does not declare.
    package var deliveryWarnings: [RunWarning] = []
    /// Which unified-logging entries reports show (`--log-level`, `--log-private`).
    package var logOptions = LogRecords.Options()

    package init(payload: ParsedPayload, extensionResult: ExtensionRunResult?, built: BuiltExtension?) {
        self.payload = payload
        self.extensionResult = extensionResult
        self.built = built
        centerChanges = extensionResult?.records(from: .center).map(\.record) ?? []
        if let warning = Self.undeclaredCommunication(deliveredContent, built: built) { deliveryWarnings.append(warning) }
        deliveryWarnings += Self.lockWarnings(extensionResult) + Self.fileProtectionWarnings(extensionResult)
        for refused in extensionResult?.records(from: .appGroupRefused) ?? [] {
            let group = refused.record["group"]?.stringValue ?? "?"
            let entitled = (refused.record["entitled"]?.arrayValue ?? []).compactMap(\.stringValue)
            deliveryWarnings.append(
                RunWarning(
                    .appGroupNotEntitled,
                    "the extension asked for the app group \(group), which its "
                        + "entitlements do not grant (\(entitled.joined(separator: ", "))): containerURL returned nil, as on iOS; add the "
                        + "group to com.apple.security.application-groups in the target's entitlements file"))
        }
    }

    /// iOS shows a communication notification only when the extension's Info.plist lists the
    /// intent in `NSExtension > NSExtensionAttributes > IntentsSupported` or `NSUserActivityTypes`.
    static func undeclaredCommunication(_ content: JSONValue, built: BuiltExtension?) -> RunWarning? {
        guard let intent = content["communication"]?["intent"]?.stringValue, let bundle = built?.bundleDirectory,
            let data = FileManager.default.contents(atPath: bundle.appendingPathComponent("Info.plist").path),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        else { return nil }
        let activities = plist["NSUserActivityTypes"] as? [String] ?? []
        let supported =
            ((plist["NSExtension"] as? [String: Any])?["NSExtensionAttributes"] as? [String: Any])?["IntentsSupported"] as? [String] ?? []
        guard !activities.contains(intent), !supported.contains(intent) else { return nil }
        return RunWarning(
            .communicationNotDeclared,
            "the content was updated from an \(intent), but the extension's Info.plist "
                + "does not list \(intent) in NSUserActivityTypes: iOS shows it as an ordinary notification")
    }

    /// Delivers this notification into the app's center (replacing one with the same
    /// identifier), and warns when its category was never registered: iOS then shows no buttons.
    /// A push that shows nothing (silent, badge- or sound-only, not an alert push) is not
    /// listed, as on iOS; its badge still sets the app's.
    package mutating func deliver(into center: CenterStore, at date: Date = Date()) {
        let content = deliveredContent
        let shows =
            payload.headers.pushType == .alert
            && ["title", "subtitle", "body"].contains { !(content[$0]?.stringValue ?? "").isEmpty }
        guard shows else {
            guard let badge = content["badge"]?.integerValue else { return }
            if let change = try? center.setBadge(badge) { centerChanges.append(change.jsonValue) }
            return
        }
        let delivered = CenterState.Delivered(
            identifier: payload.request.identifier, content: content,
            date: date.timeIntervalSince1970)
        let category = content["categoryIdentifier"]?.stringValue ?? ""
        do {
            // One small transaction: the center's size does not change its cost.
            let (change, registered) = try center.deliver(delivered, category: category)
            centerChanges.append(change.jsonValue)
            if !registered {
                deliveryWarnings.append(
                    RunWarning(
                        .categoryNotRegistered,
                        "the notification's category \"\(category)\" is not "
                            + "registered (setNotificationCategories): iOS shows it without action buttons"))
            }
        } catch {
            deliveryWarnings.append(RunWarning(.categoryNotRegistered, "the app's notification center was not updated: \(error)"))
        }
    }

    /// The outcome: `not-invoked` when the gate said no.
    package var outcome: Outcome { extensionResult?.outcome ?? .notInvoked }

    /// The content iOS shows: the extension's when it counts, else the original; `null` when
    /// the extension filtered the notification (nothing is shown, nothing enters the center).
    package var deliveredContent: JSONValue {
        if outcome == .filtered { return .null }
        if let result = extensionResult, result.outcome.deliversExtensionContent,
            let content = result.deliveredContent ?? result.handedContent
        {
            return content
        }
        return payload.request.content.jsonValue
    }

    /// Takes each payload through the gate and, where iOS would invoke it, the extension:
    /// every invoked notification in a fresh process, or with `reuseProcess` in one.
    package static func run(
        payloads: [ParsedPayload], extensionPath: String, builder: ExtensionBuilder,
        configuration: RunConfiguration, reuseProcess: Bool,
        delivery: AttachmentDelivery? = nil
    ) async throws(ExtensionError) -> [NotificationRun] {
        try await run(
            payloads: payloads, extension: .path(extensionPath), builder: builder, configuration: configuration,
            reuseProcess: reuseProcess, delivery: delivery)
    }

    /// The same, for an extension folder, library or project target.
    package static func run(
        payloads: [ParsedPayload], extension input: ExtensionInput, builder: ExtensionBuilder,
        configuration: RunConfiguration, reuseProcess: Bool,
        delivery: AttachmentDelivery? = nil
    ) async throws(ExtensionError) -> [NotificationRun] {
        let invoked = payloads.filter(\.gate.invoked)
        guard !invoked.isEmpty else {
            return payloads.map { NotificationRun(payload: $0, extensionResult: nil, built: nil) }
        }
        let runner = ExtensionRunner(
            built: try await builder.prepare(input), toolchain: builder.toolchain,
            configuration: configuration, delivery: delivery)
        return try await run(payloads: payloads, runner: runner, inputName: input.name, reuseProcess: reuseProcess)
    }

    /// The pushes of `payloads` that iOS hands to the extension, run by `runner` (in order, each
    /// in a fresh process or one across them), each paired with its payload again; the others
    /// as not invoked. A built extension of another point than the service extension is refused.
    static func run(
        payloads: [ParsedPayload], runner: ExtensionRunner, inputName: String,
        reuseProcess: Bool, moreComing: Bool = false
    ) async throws(ExtensionError) -> [NotificationRun] {
        let built = runner.built
        guard built.point == .service else {
            throw .wrongExtensionPoint(
                path: inputName, found: built.point.name, expected: ExtensionPoint.service.name,
                fix: "a content extension draws a delivered notification: run it with "
                    + "nsesim show --extension CONTENT_EXT --payload FILE [--service-extension SERVICE_EXT]")
        }
        let invoked = payloads.filter(\.gate.invoked)
        var results = await runner.run(
            invoked.map { ExtensionRequest($0.request) }, reuseProcess: reuseProcess,
            moreComing: moreComing)[...]
        return payloads.map { payload in
            guard payload.gate.invoked, let result = results.popFirst() else {
                return NotificationRun(payload: payload, extensionResult: nil, built: nil)
            }
            return NotificationRun(payload: payload, extensionResult: result, built: built)
        }
    }
}
