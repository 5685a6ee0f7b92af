import Foundation
import NSESimRuntime

/// What is reported of each scheduler call (source `BackgroundTasks.scheduler`, the report's
/// `backgroundTasks`): the call, the task identifier, the request and what iOS answered.
enum BackgroundTaskRecord {
    static func send(
        api: String, identifier: String?, request: BGTaskRequest? = nil, summary: String, error: BGTaskScheduler.Error? = nil
    ) {
        var record: [String: JSONValue] = ["api": .string(api), "summary": .string(summary)]
        if let identifier { record["identifier"] = .string(identifier) }
        if let request {
            record["request"] = .string(request.kind)
            if let date = request.earliestBeginDate {
                record["earliestBeginDate"] = .string(ISO8601DateFormatter().string(from: date))
            }
            if let processing = request as? BGProcessingTaskRequest {
                record["requiresNetworkConnectivity"] = .bool(processing.requiresNetworkConnectivity)
                record["requiresExternalPower"] = .bool(processing.requiresExternalPower)
            }
        }
        if let error {
            record["error"] = .object([
                "domain": .string(BGTaskSchedulerErrorDomain), "code": .integer(Int64(error.errorCode)), "message": .string(error.message),
            ])
        }
        NSESimReport.send(source: .backgroundTasks, .object(record))
    }
}
