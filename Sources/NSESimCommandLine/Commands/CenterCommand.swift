import ArgumentParser
import Foundation
import NSESimCenter
import NSESimCore
import NSESimRuntime
import NSESimSQLite
import NSESimStore

/// `nsesim center ls|show|rm|reset|advance|move`, `nsesim center --render FILE`: an app's
/// notification center (the state `UNUserNotificationCenter`, `nsesim run`, `deliver` and
/// `schedule` keep between runs), its virtual clock and simulated position.
struct CenterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "center",
        abstract:
            "Look at and edit an app's notification center: categories, delivered notifications, pending requests, badge, the virtual clock.",
        discussion: "nsesim center --render FILE.html|FILE.png draws the lock screen (the PNG with headless Chromium).",
        subcommands: [ListCommand.self, ShowCommand.self, RemoveCommand.self, ResetCommand.self, AdvanceCommand.self, MoveCommand.self]
    )

    /// Which app, and where its attachments are.
    @Option(help: ArgumentHelp("Draw the lock screen into FILE.html (self-contained) or FILE.png (headless Chromium).", valueName: "FILE"))
    var render: String?

    @OptionGroup var app: AppOptions

    func run() throws {
        guard let render else { throw CleanExit.helpRequest(self) }
        try LockScreenRendering.render(app: app, to: render)
    }

    struct ListCommand: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "ls", abstract: "Show the app's notification center.")

        @OptionGroup var app: AppOptions
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let apps = app.listedApps
            var states: [(app: String, state: CenterState, folder: URL)] = []
            for bundleIdentifier in apps {
                let center = app.appCenter(bundleIdentifier)
                states.append(
                    (bundleIdentifier, try format == .text ? center.readListingOrFail() : center.readOrFail(), center.center.file))
            }
            switch format {
            case .json:
                // One app given: its center; none: {"apps": {BUNDLE-ID: center}} for every app.
                let value: JSONValue =
                    app.bundleId != nil
                    ? states[0].state.jsonValue
                    : .object(["apps": .object(Dictionary(uniqueKeysWithValues: states.map { ($0.app, $0.state.jsonValue) }))])
                print(value.serializedString(pretty: true))
            case .text:
                print(
                    states.map { item in
                        (app.bundleId == nil ? "App \(item.app)\n" : "") + CenterText.listing(item.state, folder: item.folder)
                    }.joined(separator: "\n\n"))
            }
        }
    }

    struct ShowCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show one delivered notification or pending request in full.")

        @Argument(help: "The notification's or request's identifier.") var identifier: String
        @OptionGroup var app: AppOptions
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let state = try app.appCenter.readOrFail()
            let value: JSONValue
            if let item = state.delivered.first(where: { $0.identifier == identifier }) {
                value = .object([
                    "delivered": .object([
                        "identifier": .string(item.identifier), "date": .string(CenterDuration.text(item.date)),
                        "threadIdentifier": .string(item.threadIdentifier),
                        "interruptionLevel": .string(item.interruptionLevel),
                        "relevanceScore": .double(item.relevanceScore),
                        "targetContentIdentifier": item.targetContentIdentifier.map(JSONValue.string) ?? .null,
                        "trigger": item.trigger, "content": item.content,
                        "storedFiles": .array(storedFiles(item.identifier).map(JSONValue.string)),
                    ])
                ])
            } else if let item = state.pending.first(where: { $0.identifier == identifier }) {
                value = .object([
                    "pending": .object([
                        "identifier": .string(item.identifier), "added": .string(CenterDuration.text(item.added)),
                        "nextDate": item.nextDate.map { .string(CenterDuration.text($0)) } ?? .null,
                        "trigger": item.trigger, "content": item.content,
                    ])
                ])
            } else {
                throw failure(
                    "no delivered notification or pending request \"\(identifier.printable)\" in \(app.center.file.path); "
                        + "`nsesim center ls` lists them", status: ExitStatus.missingFile)
            }
            switch format {
            case .json: print(value.serializedString(pretty: true))
            case .text: print(CenterText.details(value))
            }
        }

        private func storedFiles(_ identifier: String) -> [String] {
            let store = app.appCenter.store
            let notification = (try? store.list())?.notifications.first { $0.identifier == identifier }
            return notification?.attachments.map { store.folder.appendingPathComponent($0.file).path } ?? []
        }
    }

    struct RemoveCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Remove a delivered notification (its attachments leave the store) or a pending request.")

        @Argument(help: "The notification's or request's identifier.") var identifier: String
        @OptionGroup var app: AppOptions

        func run() throws {
            do { _ = try app.appCenter.remove(identifier) } catch { throw error.exitCode }
            print("removed \(identifier.printable)")
        }
    }

    struct ResetCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Empty the app's notification center (and its delivered attachments); a damaged database is moved aside.")

        @OptionGroup var app: AppOptions

        func run() throws {
            do { try app.appCenter.reset() } catch { throw error.exitCode }
            print("reset \(app.center.file.path)")
        }
    }

    struct AdvanceCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "advance",
            abstract: "Move the app's virtual clock on, firing the local notifications that come due.",
            discussion: "Local notifications do not run the service extension. The clock starts at the real time on first use.")

        @Argument(help: ArgumentHelp("How far: 90s, 10m, 2h, 1d, 1w or 1h30m.", valueName: "DURATION")) var duration: String?
        @Option(help: ArgumentHelp("Advance to this moment instead (ISO 8601, e.g. 2026-03-30T09:00:00+02:00).", valueName: "DATE"))
        var until: String?
        @OptionGroup var app: AppOptions
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func validate() throws {
            guard (duration == nil) != (until == nil) else {
                throw ValidationError("give a DURATION (like 2h) or --until DATE, one of them")
            }
            if let duration, CenterDuration.seconds(duration) == nil {
                throw ValidationError("duration \"\(duration)\": expected numbers with units s, m, h, d or w, like 90s, 2h, 1h30m")
            }
        }

        func run() throws {
            let center = app.appCenter
            let state = try center.readWithoutDeliveredOrFail()
            let now = AppCenter.now(state)
            let target: Double
            if let until {
                guard let moment = CenterDuration.moment(until, now: now) else {
                    throw failure(
                        "--until \(until.printable): expected an ISO 8601 date and time like 2026-03-30T09:00:00Z "
                            + "or +DURATION", status: ExitStatus.usage)
                }
                // The first use sets the clock anywhere; after that it only goes forward.
                guard moment >= now || state.clock == nil else {
                    throw failure(
                        "--until \(until): the clock is already at \(CenterDuration.text(now)); the virtual clock only goes forward",
                        status: ExitStatus.usage)
                }
                target = moment
            } else {
                target = now + (duration.flatMap(CenterDuration.seconds) ?? 0)
            }
            let changes: [CenterChange]
            do {
                changes = try center.update(reading: .firable) { state in
                    if state.clock == nil { state.setClock(min(now, target)) }
                    return state.advance(to: target)
                }
            } catch { throw error.exitCode }
            print(CenterText.firings(changes, format: format, state: try center.readWithoutDeliveredOrFail()))
        }
    }

    struct MoveCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move",
            abstract: "Move the simulated position, firing location triggers on region entry and exit.",
            discussion: "Local notifications do not run the service extension.")

        @Argument(help: ArgumentHelp("Latitude and longitude in degrees, like 48.8584,2.2945.", valueName: "LAT,LON")) var position: String
        @OptionGroup var app: AppOptions
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func validate() throws {
            guard CenterPosition(parsing: position) != nil else {
                throw ValidationError(
                    "position \"\(position)\": expected LAT,LON in degrees (latitude -90...90, longitude -180...180), "
                        + "like 48.8584,2.2945; write a negative one as --, e.g. `nsesim center move -- -33.86,151.21`")
            }
        }

        func run() throws {
            guard let target = CenterPosition(parsing: position) else { return }
            let center = app.appCenter
            let now = AppCenter.now(try center.readWithoutDeliveredOrFail())
            let changes: [CenterChange]
            do { changes = try center.update(reading: .firable) { $0.move(to: target, at: now) } } catch { throw error.exitCode }
            print(CenterText.firings(changes, format: format, state: try center.readWithoutDeliveredOrFail()))
        }
    }
}

extension AppCenter {
    /// The state, or the command's failure (exit 65 for a damaged file).
    func readOrFail() throws -> CenterState {
        do { return try read() } catch { throw failure(error.description, status: ExitStatus.badInput) }
    }

    /// The state without its delivered notifications (``readWithoutDelivered()``), or exit 65.
    func readWithoutDeliveredOrFail() throws -> CenterState {
        do { return try readWithoutDelivered() } catch { throw failure(error.description, status: ExitStatus.badInput) }
    }

    /// The state as `center ls` prints it (``CenterText/listedKeys`` of each delivered content), or exit 65.
    func readListingOrFail() throws -> CenterState {
        do { return try center.read(deliveredKeys: CenterText.listedKeys) } catch {
            throw failure(AppCenterError.storage(error.description).description, status: ExitStatus.badInput)
        }
    }
}

extension AppCenterError {
    /// The exit for this error (docs/behaviour.md#exit-codes).
    var exitCode: ExitCode {
        switch self {
        case .invalidRequest: failure(description, status: ExitStatus.badInput)
        case .missingFile, .unknownIdentifier: failure(description, status: ExitStatus.missingFile)
        case .storage: failure(description, status: ExitStatus.internalError)
        }
    }
}
