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
                record["earliestBeginDate"] = .string(iso8601(date))
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

    /// `2026-12-01T21:51:30Z`, with the C library: Foundation's date formatters load ICU's data,
    /// megabytes an extension's 24 MiB would pay for one date.
    static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
