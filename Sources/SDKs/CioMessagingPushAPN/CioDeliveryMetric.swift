import CioInternalCommon
import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Customer.io's `delivered` metric from the extension: first kept pending in the app group
/// (`<container>/io.customer/pending_push_delivery_metrics.json`, for the app to send if the
/// extension cannot), then the `Report Delivery Event` request to the region's CDP host.
/// nsesim records the request and sends nothing, so the metric stays pending, as on iOS when
/// the request does not complete.
enum CioDeliveryMetric {
    static func record(deliveryId: String, deviceToken: String, config: MessagingPushConfigOptions, api: String) {
        let sdk = MessagingPush.sdk
        let group = config.appGroupId ?? AppGroupIdentifier.identifier(forProcessBundleIdentifier: appBundleIdentifier)
        var pendingFile: String?
        if let group, let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) {
            let file = container.appendingPathComponent("io.customer", isDirectory: true)
                .appendingPathComponent("pending_push_delivery_metrics.json")
            if append(PendingMetric(deliveryId: deliveryId, deviceToken: deviceToken), to: file) { pendingFile = file.path }
        }
        let host = config.region == .EU ? "https://cdp-eu.customer.io/v1" : "https://cdp.customer.io/v1"
        SDKActivity.record(
            sdk: sdk, api: api,
            "delivered metric recorded (not sent): POST \(host)/track"
                + (pendingFile != nil ? ", kept pending in \(group ?? "")" : ", no app group to keep it pending in"),
            [
                "deliveryId": .string(deliveryId), "recipient": .string(deviceToken), "metric": .string(Metric.delivered.rawValue),
                "event": .string("Report Delivery Event"), "appGroup": group.map { .string($0) } ?? .null,
                "pendingFile": pendingFile.map { .string($0) } ?? .null,
            ])
    }

    /// The app's bundle id as the extension sees it: its own (Customer.io strips the
    /// extension's suffix), else nsesim's app id when the bundle names none.
    private static var appBundleIdentifier: String? {
        Bundle.main.bundleIdentifier ?? NSESimEnvironment.bundleIdentifier.value()
    }

    /// One pending metric, in Customer.io's JSON keys.
    struct PendingMetric: Codable {
        var id = UUID()
        let deliveryId: String
        let deviceToken: String
        var event = Metric.delivered
        var timestamp = Date()

        enum CodingKeys: String, CodingKey {
            case id
            case deliveryId = "delivery_id"
            case deviceToken = "device_id"
            case event
            case timestamp
        }
    }

    private static func append(_ metric: PendingMetric, to file: URL) -> Bool {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            var metrics = (try? JSONDecoder().decode([PendingMetric].self, from: Data(contentsOf: file))) ?? []
            metrics.append(metric)
            try JSONEncoder().encode(metrics).write(to: file, options: .atomic)
            return true
        } catch {
            return false
        }
    }
}
