import ArgumentParser
import Foundation
import NSESimCore
import NSESimRuntime
import NSESimStore
@_spi(NSESim) import UserNotifications

/// `nsesim store ls|rm ID|gc`: the attachment store of an app.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Look at and tidy an app's attachment store.",
        subcommands: [ListCommand.self, RemoveCommand.self, CollectGarbageCommand.self, PutCommand.self]
    )

    struct ListCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls", abstract: "List the delivered notifications and their attachment files.")

        @OptionGroup var app: AppOptions
        @Option(help: "Output format: text or json.") var format: OutputFormat = .text

        func run() throws {
            let apps = app.listedApps
            var listed: [(store: AttachmentStore, index: StoreIndex)] = []
            for bundleIdentifier in apps {
                let store = app.store(bundleIdentifier: bundleIdentifier)
                do { listed.append((store, try store.list())) } catch { throw failure(error.description, status: ExitStatus.internalError) }
            }
            switch format {
            case .json:
                // One app given: its index; none: {"apps": {BUNDLE-ID: index}} for every app.
                let value: JSONValue =
                    app.bundleId != nil
                    ? indexJSON(listed[0].index, store: listed[0].store)
                    : .object([
                        "apps": .object(
                            Dictionary(uniqueKeysWithValues: zip(apps, listed).map { ($0, indexJSON($1.index, store: $1.store)) }))
                    ])
                print(value.serializedString(pretty: true))
            case .text:
                for (store, index) in listed {
                    print(
                        "Store \(store.folder.path): \(index.notifications.count) notification(s), "
                            + "\(index.usedBytes) of \(store.quota) bytes")
                    for notification in index.notifications {
                        print("  \(notification.identifier.printable)  delivered \(notification.deliveredAt)")
                        for entry in notification.attachments {
                            print(
                                "    \(entry.identifier.printable)  \(entry.type)  \(entry.size) bytes  \(store.folder.appendingPathComponent(entry.file).path)"
                            )
                        }
                    }
                }
            }
        }
    }

    struct RemoveCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Remove a delivered notification and its attachment files.")

        @Argument(help: "The notification's identifier (the request identifier).") var identifier: String
        @OptionGroup var app: AppOptions

        func run() throws {
            let store = app.store(bundleIdentifier: app.bundleIdentifier)
            do {
                let removed = try store.remove(notification: identifier)
                print("removed \(identifier.printable) and \(removed.count) file(s)")
            } catch StoreError.unknownNotification(let name) {
                throw failure("no delivered notification \"\(name)\" in \(store.folder.path)", status: ExitStatus.missingFile)
            } catch {
                throw failure(error.description, status: ExitStatus.internalError)
            }
        }
    }

    struct CollectGarbageCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gc",
            abstract: "Finish or drop interrupted deliveries, remove partial and unindexed files, drop entries without a file.")

        @OptionGroup var app: AppOptions

        func run() throws {
            let store = app.store(bundleIdentifier: app.bundleIdentifier)
            do {
                let recovery = try store.collectGarbage()
                if recovery.isClean { print("store \(store.folder.path) is clean") }
                for file in recovery.adopted { print("adopted \(file) (an interrupted delivery)") }
                for file in recovery.orphansRemoved { print("removed \(file) (no index entry)") }
                for file in recovery.partialsRemoved { print("removed \(file) (a partial copy)") }
                for file in recovery.missingDropped { print("dropped \(file) from the index (no file)") }
            } catch {
                throw failure(error.description, status: ExitStatus.internalError)
            }
        }
    }

    /// Puts files into the store as a delivery does; for tests and tools.
    struct PutCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "put",
            abstract: "Store files as a delivered notification's attachments (moved, or copied with --copy).",
            shouldDisplay: false)

        @Argument(help: "The notification's identifier.") var identifier: String
        @Argument(help: "The files.") var files: [String]
        @Flag(help: "Copy the files instead of moving them.") var copy = false
        @OptionGroup var app: AppOptions

        func run() throws {
            let store = app.store(bundleIdentifier: app.bundleIdentifier)
            let placements = files.enumerated().map { index, path in
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
                return AttachmentStore.Placement(
                    identifier: "file-\(index)", source: URL(fileURLWithPath: path),
                    type: "public.data", size: size, move: !copy)
            }
            do {
                for result in try store.deliver(notification: identifier, files: placements) {
                    switch result {
                    case .stored(let url): print(url.path)
                    case .failed(let reason): print("failed: \(reason)")
                    }
                }
            } catch {
                throw failure(error.description, status: ExitStatus.internalError)
            }
        }
    }
}

private func indexJSON(_ index: StoreIndex, store: AttachmentStore) -> JSONValue {
    .object([
        "store": .string(store.folder.path),
        "quota": .integer(store.quota),
        "usedBytes": .integer(index.usedBytes),
        "notifications": .array(
            index.notifications.map { notification in
                .object([
                    "identifier": .string(notification.identifier),
                    "deliveredAt": .string(notification.deliveredAt),
                    "attachments": .array(
                        notification.attachments.map { entry in
                            .object([
                                "identifier": .string(entry.identifier),
                                "url": .string(store.folder.appendingPathComponent(entry.file).absoluteString),
                                "type": .string(entry.type),
                                "size": .integer(entry.size),
                            ])
                        }),
                ])
            }),
    ])
}
