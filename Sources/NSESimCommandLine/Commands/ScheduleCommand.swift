import ArgumentParser
import Foundation
import NSESimCenter
import NSESimCore
import NSESimRuntime
import NSESimStore

/// `nsesim schedule FILE.json`: adds local notification requests to an app's center, as the
/// app's `UNUserNotificationCenter.add(_:)` would; `nsesim center advance` fires them.
struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Add local notification requests (JSON) to an app's notification center.",
        discussion: """
            FILE holds one request or an array: {"identifier": "standup", "content": {"title": "Stand-up", ...}, \
            "trigger": {"type": "calendar", "dateComponents": {"weekday": 2, "hour": 8, "minute": 30}, "repeats": true}}. \
            Triggers: timeInterval (timeInterval, repeats), calendar (dateComponents with an optional timeZone, repeats), \
            location (region: latitude, longitude, radius, identifier, notifyOnEntry, notifyOnExit). \
            At most 64 pending requests are kept, the soonest. See docs/center.md for the format.
            """)

    @Argument(help: ArgumentHelp("The request file.", valueName: "FILE.json")) var file: String
    @OptionGroup var app: AppOptions
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let center = app.appCenter
        let now = AppCenter.now(try center.readWithoutDeliveredOrFail())
        let changes: [CenterChange]
        do {
            let requests = try LocalRequestFile.read(URL(fileURLWithPath: file), added: now)
            changes = try center.update(reading: .none) { state in
                if state.clock == nil { state.setClock(now) }
                return requests.map { state.addPending($0) }
            }
        } catch {
            throw error.exitCode
        }
        let state = try center.readWithoutDeliveredOrFail()
        switch format {
        case .json:
            print(JSONValue.array(changes.map(\.jsonValue)).serializedString(pretty: true))
        case .text:
            for change in changes {
                let identifier = change.details["identifier"]?.stringValue ?? ""
                let next = state.pending.first { $0.identifier == identifier }?.nextDate
                let replaced = change.details["replaced"]?.boolValue == true ? " (replacing the one before)" : ""
                print(
                    "scheduled \(identifier.printable)\(replaced): \(next.map { "next \(CenterDuration.text($0))" } ?? "on region entry/exit")"
                )
                for dropped in (change.details["dropped"]?.arrayValue ?? []).compactMap(\.stringValue) {
                    print("dropped \(dropped.printable): iOS keeps the \(CenterState.maximumPending) pending requests that fire soonest")
                }
            }
            print("Clock now \(CenterDuration.text(now)); `nsesim center advance 2h` fires what comes due")
        }
    }
}
