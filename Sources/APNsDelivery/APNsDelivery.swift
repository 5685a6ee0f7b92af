import APNsServer
import Foundation
import NIOConcurrencyHelpers
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime

/// What `nsesim apns` does with each exchange, in arrival order, on one task: an accepted
/// push goes through the ``NotificationPipeline`` (gate, extension, attachments, store, the
/// app's notification center and the store following it), the same path as `nsesim run`,
/// with the extension built once for the server's life; every exchange gets a line on
/// standard output and, with `--log`, a JSON line. The server answers before this runs, as
/// APNs answers before the device has it.
package final class APNsDelivery: Sendable {
    private let pipeline: NotificationPipeline
    /// The app the server's pushes belong to (its topic).
    private let bundleIdentifier: String
    /// How many queued pushes go through the pipeline together (their extension processes one after another).
    static let batchSize = 8
    private let log: FileHandle?
    private let pending = NIOLockedValueBox<[APNsExchange]>([])
    private let wake: AsyncStream<Void>.Continuation
    private let wakes: AsyncStream<Void>
    /// Accepted and delivered, refused, and accepted but not delivered (bad JSON, a failed build).
    private let counts = NIOLockedValueBox((delivered: 0, refused: 0, failed: 0))

    package init(pipeline: NotificationPipeline, bundleIdentifier: String, log: FileHandle?) {
        self.pipeline = pipeline
        self.bundleIdentifier = bundleIdentifier
        self.log = log
        (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Called by the server for each exchange (on its event loop): queued, never waited on.
    package func receive(_ exchange: APNsExchange) {
        pending.withLockedValue { $0.append(exchange) }
        wake.yield()
    }

    /// Takes the exchanges through until `finish()` was called and all are done.
    package func run() async {
        for await _ in wakes {
            await drain()
        }
        await drain()
    }

    /// No more exchanges will come: `run()` returns once the queued ones are done.
    package func finish() { wake.finish() }

    /// Delivered, refused, failed so far.
    package var totals: (delivered: Int, refused: Int, failed: Int) { counts.withLockedValue { $0 } }

    /// How many times the extension was built over the server's life (1: before the first push).
    package var builds: Int { pipeline.buildCount }

    private func drain() async {
        while true {
            // A few at a time: the lines come while a burst is still being delivered.
            let batch = pending.withLockedValue { queued in
                let taken = Array(queued.prefix(Self.batchSize))
                queued.removeFirst(taken.count)
                return taken
            }
            guard !batch.isEmpty else { return }
            await process(batch)
        }
    }

    /// Runs the accepted pushes of `batch` through the pipeline together, then reports each in order.
    private func process(_ batch: [APNsExchange]) async {
        var parsed: [Int: ParsedPayload] = [:]
        var failures: [Int: String] = [:]
        for (index, exchange) in batch.enumerated() {
            guard case .success(let push) = exchange.result else { continue }
            do {
                parsed[index] = try PayloadParser.parse(data: push.payload, path: "apns-id \(push.apnsID)",
                                                        options: PayloadOptions(headers: push.headers))
            } catch {
                failures[index] = error.description
            }
        }
        var runs: [Int: NotificationRun] = [:]
        let indices = parsed.keys.sorted()
        do {
            // Each in its own process, into the center at the moment it arrived.
            for index in indices {
                // Pushes keep coming: the next one's process starts while this one runs (warm).
                runs[index] = try await pipeline.deliver(parsed[index]!, at: batch[index].date, appIdentifier: bundleIdentifier,
                                                         moreComing: true)
            }
        } catch {
            for index in indices where runs[index] == nil { failures[index] = error.description }
        }
        for (index, exchange) in batch.enumerated() {
            report(exchange, run: runs[index], failure: failures[index])
        }
    }

    /// Prints the exchange's line and writes its log record.
    private func report(_ exchange: APNsExchange, run: NotificationRun?, failure: String?) {
        var record: [String: JSONValue] = [
            "time": .string(ISO8601DateFormatter.apnsLog.string(from: exchange.date)),
            "deviceToken": .string(exchange.deviceToken),
            "status": .integer(Int64(exchange.status)),
        ]
        let outcome: String
        switch exchange.result {
        case .success(let push):
            record["pushType"] = .string(push.pushType.rawValue)
            record["apnsId"] = .string(push.apnsID)
            record["topic"] = .string(push.topic)
            record["priority"] = .integer(Int64(push.priority))
            if let run {
                outcome = "delivered: \(run.outcome.rawValue)"
                record["outcome"] = .string(run.outcome.rawValue)
                if let collapseID = push.collapseID { record["collapseId"] = .string(collapseID) }
                counts.withLockedValue { $0.delivered += 1 }
            } else {
                outcome = "accepted, not delivered: \(failure ?? "unknown")"
                record["error"] = .string(failure ?? "unknown")
                counts.withLockedValue { $0.failed += 1 }
            }
        case .failure(let refusal):
            record["pushType"] = exchange.pushTypeHeader.map(JSONValue.string) ?? .null
            record["reason"] = .string(refusal.reason.rawValue)
            record["detail"] = .string(refusal.detail)
            outcome = "\(refusal.reason.rawValue): \(refusal.detail)"
            counts.withLockedValue { $0.refused += 1 }
        }
        let token = exchange.deviceToken.isEmpty ? "-" : String(exchange.deviceToken.prefix(12)) + "…"
        let type = record["pushType"]?.stringValue ?? "-"
        print("\(DateFormatter.apnsLine.string(from: exchange.date))  \(token)  \(type)  \(exchange.status)  \(outcome)")
        fflush(nil)
        log?.write(Data((JSONValue.object(record).serializedString(pretty: false) + "\n").utf8))
    }
}

extension ISO8601DateFormatter {
    /// Times in `--log` records, with milliseconds.
    nonisolated(unsafe) static let apnsLog: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}

extension DateFormatter {
    /// Times on the server's lines: HH:mm:ss.SSS, UTC.
    static let apnsLine: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss.SSS"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }()
}
