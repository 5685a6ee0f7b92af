import ArgumentParser
import FixtureServer
import Foundation
import NSESimCenter
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime
import NSESimStore

/// `nsesim deliver --extension DIR PAYLOAD... [--at TIME...]`: a timeline of pushes, each
/// taken through the whole pipeline (`nsesim run`) into the app's center at its moment on
/// the virtual clock; local notifications due in between fire first.
struct DeliverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliver",
        abstract: "Deliver pushes one after another into the app's notification center, on its virtual clock.",
        discussion: """
            Each payload runs as `nsesim run` runs it (gate, extension process, downloads, checks, store), then lands \
            in the center. --at gives each push its moment: an ISO 8601 date and time, or +DURATION after the one \
            before (+90s, +2h); local notifications that come due on the way fire first (they do not run the \
            service extension). The extension, the limits and the delivery options are nsesim run's.
            """)

    @OptionGroup var extensionOptions: ExtensionOptions

    @Argument(help: ArgumentHelp("The payloads (.json or .apns), in order.", valueName: "PAYLOAD")) var payloads: [String]

    @Option(name: .customLong("at"), help: ArgumentHelp("When each push arrives (one per payload, in order).", valueName: "TIME"))
    var moments: [String] = []

    @OptionGroup var app: AppOptions

    @Option(
        name: .customLong("collapse-id"),
        help: ArgumentHelp("Each push's apns-collapse-id, one per payload in order (\"\" for none), or one for all.", valueName: "ID"))
    var collapseIDs: [String] = []

    @OptionGroup var serving: ServeOptions
    @OptionGroup var lifecycle: LifecycleOptions
    @OptionGroup var delivery: DeliveryOptions
    @OptionGroup var warm: WarmOptions

    @Option(help: "apns-push-type of every push.")
    var pushType: PushType = .alert

    @Flag(help: "Run the extension also when mutable-content is the string \"1\" or true (Apple documents only the number 1).")
    var lenientMutableContent = false

    func validate() throws {
        guard !payloads.isEmpty else { throw ValidationError("give at least one payload") }
        guard moments.isEmpty || moments.count == payloads.count else {
            throw ValidationError("\(moments.count) --at for \(payloads.count) payloads: give one --at per payload, or none")
        }
        guard collapseIDs.count <= 1 || collapseIDs.count == payloads.count else {
            throw ValidationError(
                "\(collapseIDs.count) --collapse-id for \(payloads.count) payloads: give one per payload, one for all, or none")
        }
    }

    func run() async throws {
        // The next push's process starts while one runs; the last one's is not started.
        let pool = payloads.count > 1 ? warm.pool() : nil
        pool?.endOnInterrupt()
        let pipeline = try NotificationPipeline.make(
            extension: extensionOptions, app: app, lifecycle: lifecycle, delivery: delivery,
            warm: pool)
        do {
            try await deliverAll(pipeline)
        } catch {
            await pool?.endAll()
            throw error
        }
        await pool?.endAll()
    }

    private func deliverAll(_ pipeline: NotificationPipeline) async throws {
        let server = try await serving.startServer()
        defer { if let server { Task { await server.stop() } } }
        // Every payload is read before anything runs; the app is the first push's.
        var parsed: [ParsedPayload] = []
        for (index, path) in payloads.enumerated() {
            let options = PayloadOptions(
                headers: PushHeaders(pushType: pushType, collapseID: collapseID(index)),
                stringsFile: delivery.strings.map { URL(fileURLWithPath: $0) },
                lenientMutableContent: lenientMutableContent)
            parsed.append(try serving.parsePayload(path, server: server?.baseURL, options: options))
        }
        let bundleIdentifier = pipeline.appIdentifier(for: parsed)
        let center = pipeline.appCenter(bundleIdentifier)
        let initial = try center.readWithoutDeliveredOrFail()
        var previous = AppCenter.now(initial)
        // Every moment is checked before anything runs.
        var targets: [Double?] = []
        for (index, text) in moments.enumerated() {
            guard let moment = CenterDuration.moment(text, now: previous) else {
                throw failure(
                    "--at \(text.printable) (push \(index + 1)): expected an ISO 8601 date and time like "
                        + "2026-03-26T09:00:00Z or +DURATION like +90s", status: ExitStatus.usage)
            }
            // The first use sets the clock anywhere; after that it only goes forward.
            guard moment >= previous || (index == 0 && initial.clock == nil) else {
                throw failure(
                    "--at \(text) (push \(index + 1)) is before \(CenterDuration.text(previous)); the pushes come in order",
                    status: ExitStatus.usage)
            }
            targets.append(moment)
            previous = moment
        }
        for (index, payload) in parsed.enumerated() {
            let target = index < targets.count ? targets[index] : nil
            let changes: [CenterChange]
            do {
                // Only the delivered notifications a firing may replace are read: a push's
                // step costs the same however many the center holds.
                changes = try center.update(reading: .firable) { state in
                    if state.clock == nil { state.setClock(target ?? AppCenter.now(state)) }
                    return state.advance(to: target ?? state.clock ?? 0)
                }
            } catch { throw error.exitCode }
            let state = try center.readWithoutDeliveredOrFail()
            print("== Push \(index + 1) of \(payloads.count) at \(CenterDuration.text(state.clock ?? 0)): \(payloads[index])")
            if changes.contains(where: { $0.kind == .fired }) {
                print(CenterText.firings(changes, format: .text, state: state))
            }
            var run: NotificationRun
            do {
                run = try await pipeline.deliver(
                    payload, at: Date(timeIntervalSince1970: state.clock ?? AppCenter.now(state)),
                    appIdentifier: bundleIdentifier, moreComing: index < parsed.count - 1)
            } catch { throw error.exitCode }
            run.logOptions = delivery.logOptions
            print(run.text)
            print("")
        }
        print(CenterText.listing(try center.readListingOrFail(), folder: center.center.file))
    }

    /// The collapse id of push `index`, if any.
    private func collapseID(_ index: Int) -> String? {
        let id = collapseIDs.count == 1 ? collapseIDs[0] : index < collapseIDs.count ? collapseIDs[index] : ""
        return id.isEmpty ? nil : id
    }
}
