import ArgumentParser
import Foundation
import NSESimCenter
import NSESimCore
import NSESimRuntime

/// `nsesim center ls|rm ID|reset`: an app's notification center (the state that
/// `UNUserNotificationCenter` and `nsesim run` keep between runs).
struct Center: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Look at and edit an app's notification center: categories, delivered notifications, pending requests, badge.",
        subcommands: [List.self, Remove.self, Reset.self]
    )

    /// Which app.
    struct AppOptions: ParsableArguments {
        @Option(name: [.customLong("bundle-id"), .customLong("app-id")],
                help: ArgumentHelp("The app's bundle identifier (default com.example.app), as with nsesim run.", valueName: "ID"))
        var bundleId: String?

        var center: CenterStore { AppData(bundleIdentifier: bundleId ?? AppData.defaultBundleIdentifier).center }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "ls", abstract: "Show the app's notification center.")

        @OptionGroup var app: AppOptions
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let center = app.center
            let state: CenterState
            do { state = try center.read() } catch { throw failure(error.description, status: ExitStatus.badInput) }
            switch format {
            case .json:
                print(state.jsonValue.serializedString(pretty: true))
            case .text:
                print("Center \(center.folder.path)")
                print("Badge     \(state.badge.map(String.init) ?? "none")")
                print("Categories (\(state.categories.count))")
                for identifier in state.categories.keys.sorted() {
                    let actions = (state.categories[identifier]?["actions"]?.arrayValue ?? []).map { action in
                        let title = action["title"]?.stringValue ?? ""
                        let input = action["textInputButtonTitle"] != nil ? ", text input" : ""
                        return "\(action["identifier"]?.stringValue?.printable ?? "?") \"\(title.printable)\"\(input)"
                    }
                    print("  \(identifier.printable): \(actions.isEmpty ? "no actions" : actions.joined(separator: "; "))")
                }
                print("Delivered (\(state.delivered.count)), newest first")
                for item in state.delivered {
                    let date = Date(timeIntervalSince1970: item.date)
                    let title = item.content["title"]?.stringValue ?? ""
                    let body = item.content["body"]?.stringValue ?? ""
                    print("  \(item.identifier.printable)  \(date)  \"\(title.printable)\"  \(body.printable)")
                }
                print("Pending (\(state.pending.count))")
                for item in state.pending {
                    print("  \(item.identifier.printable)  \(item.trigger["type"]?.stringValue ?? "now")")
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a delivered notification (or a pending request) from the center.")

        @Argument(help: "The notification's or request's identifier.") var identifier: String
        @OptionGroup var app: AppOptions

        func run() throws {
            let removed: Bool
            do {
                removed = try app.center.update { state in
                    let delivered = state.removeDelivered([identifier]).details["identifiers"]?.arrayValue ?? []
                    let pending = state.removePending([identifier]).details["identifiers"]?.arrayValue ?? []
                    return !delivered.isEmpty || !pending.isEmpty
                }
            } catch {
                throw failure(error.description, status: ExitStatus.badInput)
            }
            guard removed else {
                throw failure("no notification or pending request \"\(identifier.printable)\" in \(app.center.folder.path)",
                              status: ExitStatus.missingFile)
            }
            print("removed \(identifier.printable)")
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Empty the app's notification center.")

        @OptionGroup var app: AppOptions

        func run() throws {
            do { try app.center.reset() } catch { throw failure(error.description, status: ExitStatus.internalError) }
            print("reset \(app.center.folder.path)")
        }
    }
}
