import APNsServer
import Foundation
import NIOConcurrencyHelpers
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime

/// What `nsesim apns` does with each exchange: an accepted push goes through the
/// ``NotificationPipeline`` (gate, extension, attachments, store, the app's notification
/// center and the store following it), the same path as `nsesim run`, with the extension
/// built once for the server's life; every exchange gets a line on standard output and, with
/// `--log`, a JSON line. The server answers before this runs, as APNs answers before the
/// device has it.
///
/// Up to ``concurrency`` accepted pushes run their extension at once, each in a fresh process
/// of its own (as iOS runs the service extension for several notifications at once); what
/// can be seen keeps the arrival order: each push enters the center, and its line and log
/// record are written, only after every push that arrived before it.
package final class APNsDelivery: Sendable {
    private let pipeline: NotificationPipeline
    /// The app the server's pushes belong to (its topic).
    private let bundleIdentifier: String
    /// How many accepted pushes run their extension at once (at least 1).
    package let concurrency: Int
    private let log: FileHandle?
    private let pending = NIOLockedValueBox<[APNsExchange]>([])
    private let wake: AsyncStream<Void>.Continuation
    private let wakes: AsyncStream<Void>
    /// One element per free extension slot: a push takes one before its extension runs and
    /// gives it back once its process is done (only ``run()`` takes them).
    private let freeSlots: AsyncStream<Void>
    private let slotReturned: AsyncStream<Void>.Continuation
    /// Accepted and delivered, refused, and accepted but not delivered (bad JSON, a failed build).
    private let counts = NIOLockedValueBox((delivered: 0, refused: 0, failed: 0))

    /// `concurrency`: how many accepted pushes run their extension at once (nil: one per
    /// active processor).
    package init(pipeline: NotificationPipeline, bundleIdentifier: String, log: FileHandle?, concurrency: Int? = nil) {
        self.pipeline = pipeline
        self.bundleIdentifier = bundleIdentifier
        self.log = log
        self.concurrency = max(1, concurrency ?? Self.defaultConcurrency)
        (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        (freeSlots, slotReturned) = AsyncStream<Void>.makeStream()
        for _ in 0..<self.concurrency { slotReturned.yield() }
    }

    /// The pushes run at once when not told: one per active processor.
    package static var defaultConcurrency: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Called by the server for each exchange (on its event loop): queued, never waited on.
    package func receive(_ exchange: APNsExchange) {
        pending.withLockedValue { $0.append(exchange) }
        wake.yield()
    }

    /// Takes the exchanges through until `finish()` was called and all are done.
    package func run() async {
        var slots = freeSlots.makeAsyncIterator()
        var previous: Task<Void, Never>?
        for await _ in wakes {
            previous = await drain(after: previous, slots: &slots)
        }
        previous = await drain(after: previous, slots: &slots)
        await previous?.value
    }

    /// No more exchanges will come: `run()` returns once the queued ones are done.
    package func finish() { wake.finish() }

    /// Delivered, refused, failed so far.
    package var totals: (delivered: Int, refused: Int, failed: Int) { counts.withLockedValue { $0 } }

    /// How many times the extension was built over the server's life (1: before the first push).
    package var builds: Int { pipeline.buildCount }

    /// Starts each queued exchange, in arrival order, once a slot is free for it; returns the
    /// last one's task (the next waits for it before it enters the center).
    private func drain(after last: Task<Void, Never>?, slots: inout AsyncStream<Void>.Iterator) async -> Task<Void, Never>? {
        var previous = last
        while true {
            let queued = pending.withLockedValue { queued in
                defer { queued = [] }
                return queued
            }
            guard !queued.isEmpty else { return previous }
            for exchange in queued {
                let runsExtension = if case .success = exchange.result { true } else { false }
                if runsExtension { _ = await slots.next() }
                let before = previous
                previous = Task { await self.process(exchange, after: before, slotTaken: runsExtension) }
            }
        }
    }

    /// Runs an accepted push's extension (in a process of its own, while others run theirs),
    /// gives its slot back, then, once `previous` is done, delivers it into the center and
    /// reports it: the center, the lines and the log see the arrival order.
    private func process(_ exchange: APNsExchange, after previous: Task<Void, Never>?, slotTaken: Bool) async {
        var run: NotificationRun?
        var failure: String?
        if case .success(let push) = exchange.result {
            do {
                let parsed = try PayloadParser.parse(
                    data: push.payload, path: "apns-id \(push.apnsID)",
                    options: PayloadOptions(headers: push.headers))
                do {
                    // Pushes keep coming: the next one's process starts while this one runs (warm).
                    run = try await pipeline.runExtension(parsed, appIdentifier: bundleIdentifier, moreComing: true)
                } catch {
                    failure = error.description
                }
            } catch {
                failure = error.description
            }
        }
        if slotTaken { slotReturned.yield() }
        await previous?.value
        if let done = run {
            // Into the center at the moment it arrived, after the pushes that came before it.
            run = pipeline.enterCenter([done], at: exchange.date, appIdentifier: bundleIdentifier).first
        }
        report(exchange, run: run, failure: failure)
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
