import NSESimCore
import NSESimHost
import NSESimRuntime
@_spi(NSESim) import UserNotifications

extension BenchReport {
    /// The report for machines (`--format json`): times in milliseconds (null: never),
    /// sizes in bytes, every run with its timeline and downloads.
    package var jsonValue: JSONValue {
        .object([
            "extension": .string(extensionPath),
            "runs": .integer(Int64(runs)),
            "deadlineMs": .double(deadlineMs),
            "graceMs": .double(graceMs),
            "memoryLimitBytes": memoryLimitBytes.map { .integer($0) } ?? .null,
            "processes": .string(warm ? "warm" : "cold"),
            "groups": .array(groups.map(\.jsonValue)),
            "thresholds": .array(
                thresholds.map { threshold in
                    .object([
                        "expression": .string(threshold.expression),
                        "crossedBy": .array(
                            groups.filter { threshold.isCrossed(by: $0) }.map { group in
                                .object([
                                    "payload": .string(group.payload), "network": .string(group.networkName),
                                    "measured": .string(threshold.formattedMeasure(in: group)),
                                ])
                            }),
                    ])
                }),
            "passed": .bool(passed),
        ])
    }
}

extension BenchGroup {
    package var jsonValue: JSONValue {
        let times = contentHandler
        func time(_ value: Double?) -> JSONValue { value.map { .double(($0 * 1000).rounded() / 1000) } ?? .null }
        return .object([
            "payload": .string(payload),
            "network": network.map { .string($0) } ?? .null,
            "runs": .integer(Int64(samples.count)),
            "timeToContentHandlerMs": .object([
                "min": time(times.min), "p50": time(times.p50), "p90": time(times.p90),
                "p99": time(times.p99), "max": time(times.max),
            ]),
            "contentHandlerNeverCounted": .integer(Int64(times.never)),
            "timeWillExpireCalled": .integer(Int64(timeWillExpireCount)),
            "originalDelivered": .integer(Int64(originalDeliveredCount)),
            "outcomes": .object(
                Dictionary(uniqueKeysWithValues: outcomeCounts.map { ($0.outcome.rawValue, JSONValue.integer(Int64($0.count))) })),
            "crashSites": .object(Dictionary(uniqueKeysWithValues: crashSites.map { ($0.site, JSONValue.integer(Int64($0.count))) })),
            "attachmentsDelivered": .integer(Int64(attachmentsDelivered)),
            "attachmentsDropped": .integer(Int64(attachmentsDropped)),
            "bytesDownloaded": .integer(Int64(bytesDownloaded)),
            "peakMemoryBytes": .integer(peakMemoryBytes),
            "addedMemoryBytes": .integer(addedMemoryBytes),
            "memoryLimitBytes": memoryLimitBytes.map { .integer($0) } ?? .null,
            "headroomAtP99Ms": time(headroomAtP99Ms),
            "exceedsDeadline": .bool(exceedsDeadline),
            "samples": .array(samples.map(\.jsonValue)),
        ])
    }
}

extension BenchSample {
    package var jsonValue: JSONValue {
        func time(_ value: Double) -> JSONValue { .double((value * 1000).rounded() / 1000) }
        return .object([
            "run": .integer(Int64(index)),
            "outcome": .string(outcome.rawValue),
            "contentHandlerMs": contentHandlerMs.map(time) ?? .null,
            "timeWillExpire": .bool(timeWillExpireCalled),
            "crashSite": crashSite.map(JSONValue.string) ?? .null,
            "attachmentsDelivered": .integer(Int64(attachmentsDelivered)),
            "attachmentsDropped": .integer(Int64(attachmentsDropped)),
            "bytesDownloaded": .integer(Int64(bytesDownloaded)),
            "peakMemoryBytes": .integer(peakMemoryBytes),
            "addedMemoryBytes": .integer(addedMemoryBytes),
            "timeline": .array(
                timeline.map { event in
                    var object: [String: JSONValue] = ["tMs": time(event.tMs), "event": .string(event.event.rawValue)]
                    if let detail = event.detail { object["detail"] = .string(detail) }
                    return .object(object)
                }),
            "downloads": .array(
                downloads.map { download in
                    .object([
                        "target": .string(download.target), "startMs": time(download.startMs),
                        "endMs": download.endMs.map(time) ?? .null, "bytes": .integer(Int64(download.bytes)),
                    ])
                }),
            "errors": .array(errors.map { .string($0) }),
        ])
    }
}
