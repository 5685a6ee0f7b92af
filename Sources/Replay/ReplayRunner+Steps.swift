import Foundation
import NSESimBuild
import NSESimCenter
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime
import NSESimStore

extension ReplayRunner {
    /// A case with `steps`: each push through the whole pipeline into the app's center on
    /// its virtual clock (as `nsesim deliver`), local requests scheduled, the clock advanced,
    /// the position moved; then `expect.center` against the center and the store.
    func runSteps(
        _ item: ReplayCase, index: Int, builds: [String: Result<BuiltExtension, ExtensionError>],
        start: ContinuousClock.Instant
    ) async -> ReplayResult {
        func failed(_ message: String) -> ReplayResult {
            ReplayResult(
                name: item.name, differences: [], error: message, duration: ContinuousClock.now - start,
                outcome: nil, report: nil)
        }
        let options = item.options
        let pipeline: NotificationPipeline
        switch await casePipeline(item, index: index, builds: builds, intoCenter: true) {
        case .success(let made): pipeline = made
        case .failure(let failure): return failed(failure.message)
        }
        let bundleIdentifier = pipeline.appIdentifier()
        let center = pipeline.appCenter(bundleIdentifier)
        // The clock starts at a fixed moment, so a case reads the same on every run.
        _ = try? center.update(reading: .none) { state in
            state.setClock(Self.caseEpoch)
            return []
        }
        var reports: [JSONValue] = []
        var lastOutcome: String?
        for (number, step) in item.steps.enumerated() {
            let label = "steps[\(number)]"
            do {
                switch step {
                case .push(let text, let name, let collapseID, let at):
                    if let at {
                        let now = try center.clock() ?? Self.caseEpoch
                        guard let moment = CenterDuration.moment(at, now: now), moment >= now else {
                            return failed("\(label).at \"\(at)\": expected an ISO 8601 date after the clock, or +DURATION")
                        }
                        // Only the delivered notifications a firing may replace are read.
                        try center.update(reading: .firable) { $0.advance(to: moment) }
                    }
                    let server =
                        ServerPlaceholder.isUsed(in: text)
                        ? try await servers.baseURL(media: item.media, network: options.network) : nil
                    let payloadOptions = PayloadOptions(
                        headers: PushHeaders(
                            pushType: options.pushType, collapseID: collapseID ?? options.collapseID, apnsID: options.apnsID),
                        stringsFile: options.strings.map { URL(fileURLWithPath: $0) },
                        lenientMutableContent: options.lenientMutableContent)
                    let payload = try PayloadParser.parse(text: text, path: name, server: server, options: payloadOptions)
                    let now = try center.clock() ?? Self.caseEpoch
                    let run: NotificationRun
                    switch await deliver(
                        payload, through: pipeline, item: item, at: Date(timeIntervalSince1970: now),
                        appIdentifier: bundleIdentifier)
                    {
                    case .success(let done): run = done
                    case .failure(let failure): return failed("\(label): \(failure.message)")
                    }
                    lastOutcome = run.outcome.rawValue
                    reports.append(run.jsonValue)
                case .schedule(let file):
                    let now = try center.clock() ?? Self.caseEpoch
                    let requests = try LocalRequestFile.read(file, added: now)
                    let changes = try center.update(reading: .none) { state in requests.map { state.addPending($0) } }
                    reports.append(.object(["schedule": .array(changes.map(\.jsonValue))]))
                case .advance(let text):
                    let now = try center.clock() ?? Self.caseEpoch
                    guard let target = CenterDuration.seconds(text).map({ now + $0 }) ?? CenterDuration.moment(text, now: now) else {
                        return failed("\(label).advance \"\(text)\": expected a duration like 2h or an ISO 8601 date")
                    }
                    let changes = try center.update(reading: .firable) { $0.advance(to: target) }
                    reports.append(.object(["advance": .array(changes.map(\.jsonValue))]))
                case .move(let text):
                    guard let position = CenterPosition(parsing: text) else {
                        return failed("\(label).move \"\(text)\": expected LAT,LON in degrees")
                    }
                    let now = try center.clock() ?? Self.caseEpoch
                    let changes = try center.update(reading: .firable) { $0.move(to: position, at: now) }
                    reports.append(.object(["move": .array(changes.map(\.jsonValue))]))
                case .remove(let identifier):
                    let changes = try center.remove(identifier)
                    reports.append(.object(["remove": .array(changes.map(\.jsonValue))]))
                case .lockState(let lockState):
                    pipeline.setLockState(lockState)
                    reports.append(.object(["lockState": .string(lockState.rawValue)]))
                }
            } catch {
                return failed("\(label): \(error)")
            }
        }
        let state: CenterState
        let index: StoreIndex
        do {
            state = try center.read()
            index = try center.store.list()
        } catch {
            return failed("the center cannot be read: \(error)")
        }
        let differences = item.centerExpectation?.differences(state: state, store: index) ?? []
        let report: JSONValue = .object(["steps": .array(reports), "center": state.jsonValue])
        return ReplayResult(
            name: item.name, differences: differences, error: nil, duration: ContinuousClock.now - start,
            outcome: lastOutcome, report: report)
    }

    /// Monday 23 March 2026, 08:00 UTC: where a case's virtual clock starts.
    static let caseEpoch: Double = 1_774_252_800
}
