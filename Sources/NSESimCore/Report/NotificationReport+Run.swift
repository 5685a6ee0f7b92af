import Foundation
import NSESimBuild
import NSESimHost
import NSESimPayload
import NSESimProject
import NSESimRuntime
import NSESimStore
@_spi(NSESim) import UserNotifications

extension NotificationReport {
    /// The report of one notification taken through the pipeline.
    package init(_ run: NotificationRun) {
        let result = run.extensionResult
        request = Request(run.payload)
        invoked = run.payload.gate.invoked
        outcome = run.outcome
        delivered = run.deliveredContent
        attachments = Self.attachments(of: run)
        errors = Self.errors(of: run)
        warnings =
            run.payload.warnings.map { Warning(code: $0.code.rawValue, key: $0.key, message: $0.message) }
            + ((result?.warnings ?? []) + run.deliveryWarnings).map { Warning(code: $0.code.rawValue, key: nil, message: $0.message) }
        timeline = (result?.timeline ?? []).map { Event(tMs: Self.tenths($0.tMs), event: $0.event, detail: $0.detail) }
        peakMemoryBytes = result?.peakMemoryBytes ?? 0
        if let result {
            baselineMemoryBytes = result.baselineMemoryBytes
            addedMemoryBytes = result.addedMemoryBytes
            memoryLimitBytes = Nullable(wrappedValue: result.memoryLimitBytes)
            lockState = result.lockState
            handlerCalls = result.handlerCalls
            didReceiveStartedMs = Nullable(wrappedValue: result.didReceiveStartedMs.map(Self.tenths))
            timeWillExpireStartedMs = Nullable(wrappedValue: result.timeWillExpireStartedMs.map(Self.tenths))
            processExit = Nullable(wrappedValue: result.processExit)
            log = result.log
            crash = result.crash
            hang = result.hang
            if run.built?.sanitizer != nil { sanitizer = result.sanitizer }
            logRecords = LogRecords(result).shownRecords(run.logOptions)
            func records(_ source: NSESimReportSource) -> [JSONValue]? {
                let records = result.records(from: source)
                return records.isEmpty ? nil : records.map(\.timedJSON)
            }
            calls = records(.call)
            keychain = records(.keychain)
            files = records(.fileProtection)
            images = records(.image)
            sdk = records(.sdk)
            reachability = records(.reachability)
            sounds = records(.systemSound)
            coreData = records(.coreDataStore)
            backgroundTasks = records(.backgroundTasks)
            crypto = records(.crypto)
            notify = records(.notify)
            audio = records(.audio)
        }
        if !run.centerChanges.isEmpty { center = Center(changes: run.centerChanges) }
        if let built = run.built {
            self.extension = Extension(
                library: built.library.path, cacheHit: built.cacheHit,
                buildMs: built.buildDuration.milliseconds,
                startMs: result?.startDuration.map(\.milliseconds),
                buildWarnings: built.warnings, project: built.origin?.jsonValue,
                warm: result?.prestarted == true ? true : nil,
                start: result?.started?.rawValue)
        }
        notInvokedReason = run.payload.gate.notInvokedReason
    }

    /// Milliseconds to a tenth, as every time in the report.
    static func tenths(_ milliseconds: Double) -> Double { (milliseconds * 10).rounded() / 10 }

    /// The delivered attachments: in the store when one was used, else as the extension
    /// handed them.
    private static func attachments(of run: NotificationRun) -> [Attachment] {
        if let result = run.extensionResult, result.deliveredContent != nil {
            return result.attachments.map { attachment in
                Attachment(
                    type: attachment.type, size: attachment.size, identifier: attachment.identifier,
                    url: attachment.url.absoluteString)
            }
        }
        return (run.deliveredContent["attachments"]?.arrayValue ?? []).map { attachment in
            let url = attachment["url"]?.stringValue.flatMap(URL.init(string:))
            let size = url.flatMap { try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? NSNumber }
            return Attachment(
                type: attachment["type"]?.stringValue, size: size?.int64Value,
                identifier: attachment["identifier"]?.stringValue, url: attachment["url"]?.stringValue)
        }
    }

    /// The extension's errors (domain nsesim.extension) and the dropped attachments'
    /// (domain UNErrorDomain with Apple's code).
    private static func errors(of run: NotificationRun) -> [ReportedError] {
        let result = run.extensionResult
        let extensionErrors = (result?.errors ?? []).map { message in
            ReportedError(domain: "nsesim.extension", code: 1, message: message)
        }
        let attachmentErrors = (result?.attachmentFailures ?? []).map { failure in
            ReportedError(
                domain: UNErrorDomain, code: Int64(failure.code), name: failure.codeName,
                identifier: failure.identifier, message: failure.message)
        }
        return extensionErrors + attachmentErrors
    }
}
