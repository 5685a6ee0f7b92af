import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimProject
import NSESimRuntime
import NSESimStore
@_spi(NSESim) import UserNotifications

/// One replay case (docs/behaviour.md#replay-cases): a payload, the options it runs with, and what is
/// expected. A case is a folder holding `case.json` (and any files it names), or one JSON
/// file. Paths inside it are relative to the folder of the case file.
///
/// ```json
/// {
///   "description": "the image arrives in the store",
///   "extension": "../../Plugins-Examples/ImageAttachment",
///   "payload": {"aps": {"alert": "Hi", "mutable-content": 1}, "image-url": "{{server}}/sample.jpg"},
///   "options": {"deadline": 2, "network": "WiFi", "collapseID": "photo-1"},
///   "expect": {"outcome": "modified", "delivered": {"body": "Hi"},
///              "attachments": [{"type": "public.jpeg", "size": 1397}]}
/// }
/// ```
package struct ReplayCase: Sendable {
    /// The case's name: its path below the cases folder, without `.json`.
    package let name: String
    /// The case file.
    package let file: URL
    package let description: String?
    /// The extension folder or library, absolute; nil to use replay's `--extension`.
    package let extensionPath: String?
    /// A target of an Xcode project instead of an extension folder: `"project"` (the
    /// `.xcodeproj`, relative to the case), `"target"` and `"configuration"`.
    package let project: ProjectSelection?
    /// The payload's JSON text, `{{server}}` not yet replaced.
    package let payloadText: String
    /// The payload's file name (for messages and the `.apns` rule).
    package let payloadName: String
    package var options: ReplayOptions
    /// The folder `{{server}}` serves for this case (``ReplayCase/mediaFolder(named:caseFolder:file:)``):
    /// the same wherever the replay starts; nil when the case has none.
    package let media: URL?
    package let expectation: ReplayExpectation
    /// A timeline instead of one payload (`steps`), checked by `expect.center` at the end.
    package var steps: [ReplayStep] = []
    package var centerExpectation: ReplayCenterExpectation?
    /// The content extension's part (`show`), checked by `expect.contentExtension`.
    package var show: ReplayShow?
    package var contentExpectation: ReplayContentExpectation?

    /// Reads the case file at `file`; `name` names it in reports.
    package init(file: URL, name: String) throws(ReplayError) {
        self.file = file
        self.name = name
        let folder = file.deletingLastPathComponent()
        let object: [String: JSONValue]
        do {
            guard let parsed = try JSONValue.parse(Data(contentsOf: file)).objectValue else {
                throw ReplayError.badCase(file.path, "a case must be a JSON dictionary")
            }
            object = parsed
        } catch let error as ReplayError {
            throw error
        } catch let error as JSONSyntaxError {
            throw .badCase(file.path, error.description)
        } catch {
            throw .badCase(file.path, "cannot be read: \(error.localizedDescription)")
        }
        do {
            description = try object.string("description", in: "")
            extensionPath = try object.string("extension", in: "").map { Self.resolve($0, in: folder) }
            project = try object.string("project", in: "").map { path throws(JSONTypeError) in
                ProjectSelection(
                    path: Self.resolve(path, in: folder), target: try object.string("target", in: ""),
                    configuration: try object.string("configuration", in: ""))
            }
            if extensionPath != nil && project != nil {
                throw ReplayError.badCase(file.path, "a case names an \"extension\" or a \"project\", not both")
            }
            switch object["payload"] {
            case .string(let path)?:
                let url = URL(fileURLWithPath: Self.resolve(path, in: folder))
                guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                    throw ReplayError.badCase(file.path, "the payload file \(url.path) cannot be read")
                }
                payloadText = text
                payloadName = url.lastPathComponent
            case .object?:
                payloadText = object["payload"]!.serializedString(pretty: true)
                payloadName = "\(name).json"
            case nil where object["steps"] != nil:
                payloadText = ""
                payloadName = ""
            default:
                throw ReplayError.badCase(file.path, "\"payload\" must be a payload dictionary or the path of a payload file")
            }
            options = try ReplayOptions(object.object("options", in: "") ?? [:], folder: folder)
            media = try Self.mediaFolder(named: object.string("media", in: ""), caseFolder: folder, file: file.path)
            expectation = try ReplayExpectation(object.object("expect", in: "") ?? [:])
            if let steps = try object.array("steps", in: "") {
                self.steps = try ReplayStep.steps(steps, folder: folder, file: file.path)
            }
            centerExpectation = try object.object("expect", in: "")?.object("center", in: "expect").map(ReplayCenterExpectation.init)
            show = try object.object("show", in: "").map { try ReplayShow($0, folder: folder, file: file.path) }
            contentExpectation = try object.object("expect", in: "")?.object("contentExtension", in: "expect")
                .map(ReplayContentExpectation.init)
        } catch let error as ReplayError {
            throw error
        } catch let error as JSONTypeError {
            throw .badCase(file.path, error.description)
        } catch let error as ReplayExpectationError {
            throw .badCase(file.path, error.description)
        } catch {
            throw .badCase(file.path, "\(error)")
        }
    }

    /// The extension the case names; nil to use replay's `--extension`.
    package var input: ExtensionInput? {
        project.map(ExtensionInput.project) ?? extensionPath.map(ExtensionInput.path)
    }

    static func resolve(_ path: String, in folder: URL) -> String {
        path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }

    /// Every case below `folder`, sorted by name: folders with a `case.json`, and other
    /// `.json` files that are not inside such a folder.
    package static func load(from folder: URL) throws(ReplayError) -> [ReplayCase] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw .missing(folder.path)
        }
        guard isDirectory.boolValue else {
            return [try ReplayCase(file: folder, name: folder.deletingPathExtension().lastPathComponent)]
        }
        // The folder is itself one case: its other files (the payload) are not cases.
        let caseFile = folder.appendingPathComponent("case.json")
        if FileManager.default.fileExists(atPath: caseFile.path) {
            return [try ReplayCase(file: caseFile, name: folder.standardizedFileURL.lastPathComponent)]
        }
        var cases: [ReplayCase] = []
        try collect(folder, prefix: "", into: &cases)
        return cases.sorted { $0.name < $1.name }
    }

    private static func collect(_ folder: URL, prefix: String, into cases: inout [ReplayCase]) throws(ReplayError) {
        let caseFile = folder.appendingPathComponent("case.json")
        if FileManager.default.fileExists(atPath: caseFile.path), !prefix.isEmpty {
            cases.append(try ReplayCase(file: caseFile, name: String(prefix.dropLast())))
            return
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for entry in names where !entry.hasPrefix(".") {
            let url = folder.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                try collect(url, prefix: prefix + entry + "/", into: &cases)
            } else if entry.hasSuffix(".json") {
                cases.append(try ReplayCase(file: url, name: prefix + String(entry.dropLast(5))))
            }
        }
    }
}

/// How a case runs: the options of `nsesim run`.
package struct ReplayOptions: Sendable {
    package var deadline: Double = 30
    package var grace: Double = 2
    package var network: String?
    package var pushType: PushType = .alert
    package var collapseID: String?
    package var apnsID: String?
    package var bundleIdentifier: String?
    /// The memory limit above the empty extension's baseline: iOS's by default, nil for
    /// `"memoryLimit": "none"`.
    package var memoryLimit: Int64? = MemoryLimit.defaultBytes
    package var storeQuota: Int64?
    package var strings: String?
    package var bundle: String?
    package var lenientMutableContent = false
    package var swiftVersion = "5"
    /// Keychain items seeded before the run (`--keychain FILE.json`).
    package var keychain: String?
    /// Files the app wrote into its groups, with their protection class (`--app-group-file`).
    package var appGroupFiles: [AppGroupFileSeed] = []
    /// The phone's lock state (`--lock-state`): `unlocked` (the default), `locked`, `before-first-unlock`.
    package var lockState: LockState = .unlocked
    /// Build settings over Xcode's defaults for the Info.plist (`--setting NAME=VALUE`).
    package var settings: [String: String] = [:]
    /// The sanitizer the extension is built and run with (`"sanitize": "thread"`; replay's
    /// `--sanitize` for cases that name none; docs/sanitizers.md#replay).
    package var sanitizer: Sanitizer?

    /// What the extension's build depends on among the options, as a key.
    package var buildKey: String {
        "\(swiftVersion)\u{0}\(bundleIdentifier ?? "")\u{0}\(sanitizer?.rawValue ?? "")\u{0}"
            + settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{0}")
    }

    init(_ object: [String: JSONValue], folder: URL) throws {
        let path = "options"
        deadline = try object.number("deadline", in: path) ?? deadline
        grace = try object.number("grace", in: path) ?? grace
        network = try object.string("network", in: path)
        if let type = try object.string("pushType", in: path) {
            guard let parsed = PushType(rawValue: type) else {
                throw JSONTypeError(
                    path: "options.pushType", expected: PushType.allCases.map(\.rawValue).joined(separator: ", "),
                    found: "\"\(type)\"")
            }
            pushType = parsed
        }
        collapseID = try object.string("collapseID", in: path)
        apnsID = try object.string("apnsID", in: path)
        bundleIdentifier = try object.string("bundleID", in: path)
        if object["memoryLimit"]?.stringValue?.lowercased() == "none" {
            memoryLimit = nil
        } else {
            memoryLimit =
                try Self.size(
                    object["memoryLimit"], key: "options.memoryLimit",
                    expected: "a size (a number of bytes, "
                        + "or e.g. \"24MB\"), or \"none\" for no limit") ?? memoryLimit
        }
        storeQuota = try Self.size(object["storeQuota"], key: "options.storeQuota")
        strings = try object.string("strings", in: path).map { ReplayCase.resolve($0, in: folder) }
        bundle = try object.string("bundle", in: path).map { ReplayCase.resolve($0, in: folder) }
        lenientMutableContent = try object.bool("lenientMutableContent", in: path) ?? false
        swiftVersion = try object.string("swiftVersion", in: path) ?? swiftVersion
        keychain = try object.string("keychain", in: path).map { ReplayCase.resolve($0, in: folder) }
        appGroupFiles = try Self.appGroupFiles(object, folder: folder)
        if let state = object["lockState"] {
            guard let text = state.stringValue, let parsed = LockState(rawValue: text) else {
                throw JSONTypeError(
                    path: "options.lockState", expected: "one of \(LockState.accepted)",
                    found: state.stringValue.map { "\"\($0)\"" } ?? state.typeDescription)
            }
            lockState = parsed
        }
        if let name = object["sanitize"] {
            guard let text = name.stringValue, let parsed = Sanitizer(rawValue: text) else {
                throw JSONTypeError(
                    path: "options.sanitize", expected: "one of \(Sanitizer.accepted)",
                    found: name.stringValue.map { "\"\($0)\"" } ?? name.typeDescription)
            }
            sanitizer = parsed
        }
        for (name, value) in try object.object("settings", in: path) ?? [:] {
            guard let text = value.stringValue else {
                throw JSONTypeError(path: "options.settings.\(name)", expected: "a string", found: value.typeDescription)
            }
            settings[name] = text
        }
        guard deadline > 0, grace >= 0 else {
            throw JSONTypeError(
                path: "options.deadline", expected: "a deadline above 0 and a grace of 0 or more", found: "\(deadline), \(grace)")
        }
    }

    /// A byte count: a number, or a string like "24MB" / "512KB" / "2MiB".
    static func size(
        _ value: JSONValue?, key: String,
        expected: String = "a size (a number of bytes, or e.g. \"24MB\")"
    ) throws(JSONTypeError) -> Int64? {
        guard let value, value != .null else { return nil }
        if let number = value.integerValue { return number }
        if let text = value.stringValue, let bytes = ByteSize.parse(text) { return bytes }
        throw JSONTypeError(path: key, expected: expected, found: value.typeDescription)
    }
}
