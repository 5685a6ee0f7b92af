import Foundation
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// Turns an APNs payload file (`.json`, or `.apns` as `xcrun simctl push` takes) into the
/// request iOS builds from it (docs/behaviour.md#payloads), with the gate decision (#the-invocation-gate) and
/// the lint warnings.
package enum PayloadParser {
    /// Reads and parses the payload at `path`.
    package static func parse(fileAt path: String, options: PayloadOptions = PayloadOptions()) throws(PayloadError) -> ParsedPayload {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileMissing(path: path)
        }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "it is a directory, not a payload file") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        return try parse(data: data, path: path, options: options)
    }

    /// Parses payload bytes; `path` names them in messages.
    package static func parse(data: Data, path: String, options: PayloadOptions = PayloadOptions()) throws(PayloadError) -> ParsedPayload {
        try options.headers.validate()
        // A `--strings` file that is not there is a missing file (exit 66), like the payload.
        if let url = options.stringsFile, !FileManager.default.fileExists(atPath: url.path) {
            throw .fileMissing(path: url.path)
        }
        let strings: StringsFile?
        do {
            strings = try options.stringsFile.map { url throws(StringsFileError) in try StringsFile(contentsOf: url) }
        } catch {
            throw .badStrings(message: error.description)
        }

        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw .notJSON(path: path, detail: error.detail)
        }
        guard var root = document.objectValue else {
            throw .notAnObject(path: path, found: document.typeDescription)
        }

        // `.apns` files name the app in a top-level key that is not part of the payload.
        var bundleIdentifier: String?
        var size = data.count
        if let target = root.removeValue(forKey: APNsKeys.simulatorTargetBundle) {
            guard let name = target.stringValue else {
                throw .wrongType(
                    path: path, key: APNsKeys.simulatorTargetBundle, expected: "a bundle identifier string",
                    found: target.typeDescription)
            }
            bundleIdentifier = name
            size = JSONValue.object(root).serialized().count
        }

        var reader = PayloadReader(path: path, strings: strings)
        let built: BuiltContent
        do {
            built = try reader.read(root)
        } catch let error as PayloadError {
            throw error
        } catch let error as JSONTypeError {
            throw .wrongType(path: path, key: error.path, expected: error.expected, found: error.found)
        } catch {
            throw .notJSON(path: path, detail: "\(error)")
        }
        var warnings = reader.warnings

        let pushType = options.headers.pushType
        guard size <= pushType.payloadLimit else {
            throw .tooLarge(path: path, size: size, limit: pushType.payloadLimit, pushType: pushType)
        }
        if size > PushType.alert.payloadLimit {
            warnings.append(
                LintWarning(
                    .payloadOver4KB, key: "payload",
                    "the payload is \(size) bytes, over the 4096 bytes that every push type but voip is limited to"))
        }

        let gate = InvocationGate.decide(
            pushType: pushType, mutableContent: built.mutableContent,
            showsAlert: built.showsAlert,
            lenientMutableContent: options.lenientMutableContent)
        let request = UNNotificationRequest(
            identifier: options.headers.collapseID ?? UUID().uuidString,
            content: built.content, trigger: UNPushNotificationTrigger())
        return ParsedPayload(
            path: path, size: size, sizeLimit: pushType.payloadLimit, headers: options.headers,
            bundleIdentifier: bundleIdentifier, mutableContent: built.mutableContent,
            request: request, gate: gate, warnings: warnings, payload: .object(root))
    }
}

/// What the `aps` dictionary produced.
struct BuiltContent {
    let content: UNMutableNotificationContent
    let mutableContent: MutableContentFlag
    let showsAlert: Bool
}

/// Reads one payload's `aps` into content, collecting warnings; every type error names
/// its key path.
struct PayloadReader {
    let path: String
    let strings: StringsFile?
    var warnings: [LintWarning] = []

    init(path: String, strings: StringsFile?) {
        self.path = path
        self.strings = strings
    }

    mutating func read(_ root: [String: JSONValue]) throws -> BuiltContent {
        guard let apsValue = root["aps"] else { throw PayloadError.missingAps(path: path) }
        guard let aps = apsValue.objectValue else {
            throw JSONTypeError(path: "aps", expected: "a dictionary", found: apsValue.typeDescription)
        }
        let content = UNMutableNotificationContent()
        content.userInfo = JSONValue.object(root).foundationValue as? [AnyHashable: Any] ?? [:]

        for key in aps.keys.sorted() where !APNsKeys.aps.contains(key) {
            if key == "mutable_content" {
                warnings.append(
                    LintWarning(
                        .mutableContentUnderscore, key: "aps.mutable_content",
                        "mutable_content is the FCM spelling; APNs reads only mutable-content (with a hyphen), so iOS ignores this key"))
            } else if let reader = APNsKeys.vendorApsKeys[key] {
                warnings.append(LintWarning(.customKeyInAps, key: "aps.\(key)", "\(key) is not an APNs key: it is \(reader)"))
            } else {
                warnings.append(
                    LintWarning(
                        .customKeyInAps, key: "aps.\(key)",
                        "\(key) is not an APNs key; custom data belongs beside aps, at the top level of the payload"))
            }
        }

        let mutableContent = try MutableContentFlag(aps["mutable-content"], path: "aps.mutable-content")
        let spelledOddly: Bool =
            switch mutableContent {
            case .string: true
            case .bool(let flag): flag
            default: false
            }
        if spelledOddly {
            warnings.append(
                LintWarning(
                    .mutableContentNotNumber, key: "aps.mutable-content",
                    "mutable-content is \(mutableContent.spelled); Apple documents only the number 1, "
                        + "so iOS may not run the extension (send \"mutable-content\": 1)"))
        }
        let contentAvailable = try MutableContentFlag(aps["content-available"], path: "aps.content-available")
        switch contentAvailable {
        case .string, .bool:
            warnings.append(
                LintWarning(
                    .contentAvailableNotNumber, key: "aps.content-available",
                    "content-available is \(contentAvailable.spelled); Apple documents only the number 1"))
        default: break
        }

        try readAlert(aps["alert"], into: content)
        try readBadge(aps, into: content)
        try readSound(aps["sound"], into: content)
        if let thread = try aps.string("thread-id", in: "aps") { content.threadIdentifier = thread }
        if let category = try aps.string("category", in: "aps") { content.categoryIdentifier = category }
        content.targetContentIdentifier = try aps.string("target-content-id", in: "aps")
        content.filterCriteria = try aps.string("filter-criteria", in: "aps")
        if let level = try aps.string("interruption-level", in: "aps") {
            if let parsed = UNNotificationInterruptionLevel(name: level), parsed.apnsName == level {
                content.interruptionLevel = parsed
            } else {
                warnings.append(
                    LintWarning(
                        .unknownInterruptionLevel, key: "aps.interruption-level",
                        "\"\(level)\" is not an interruption level (passive, active, time-sensitive, critical); iOS uses active"))
            }
        }
        if let score = try aps.number("relevance-score", in: "aps") {
            if (0...1).contains(score) {
                content.relevanceScore = score
            } else {
                let clamped = min(max(score, 0), 1)
                content.relevanceScore = clamped
                warnings.append(
                    LintWarning(
                        .relevanceScoreOutOfRange, key: "aps.relevance-score",
                        "\(score) is outside 0...1; iOS takes it as \(clamped)"))
            }
        }
        let showsAlert = !(content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty)
        return BuiltContent(content: content, mutableContent: mutableContent, showsAlert: showsAlert)
    }

    mutating func readAlert(_ value: JSONValue?, into content: UNMutableNotificationContent) throws {
        switch value {
        case nil, .null?:
            return
        case .string(let body)?:
            content.body = body
        case .object(let alert)?:
            for key in alert.keys.sorted() where !APNsKeys.alert.contains(key) {
                warnings.append(
                    LintWarning(
                        .unknownAlertKey, key: "aps.alert.\(key)",
                        "\(key) is not an alert key; iOS ignores it"))
            }
            content.title = try localized(alert, plain: "title", locKey: "title-loc-key", locArgs: "title-loc-args")
            content.subtitle = try localized(alert, plain: "subtitle", locKey: "subtitle-loc-key", locArgs: "subtitle-loc-args")
            content.body = try localized(alert, plain: "body", locKey: "loc-key", locArgs: "loc-args")
            if let image = try alert.string("launch-image", in: "aps.alert") { content.launchImageName = image }
            if let argument = try alert.string("summary-arg", in: "aps.alert") { content.summaryArgument = argument }
            if let count = try alert.integer("summary-arg-count", in: "aps.alert") { content.summaryArgumentCount = Int(count) }
            _ = try alert.string("action-loc-key", in: "aps.alert")
            if content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty {
                warnings.append(
                    LintWarning(
                        .alertWithoutText, key: "aps.alert",
                        "the alert has no title, subtitle or body, so iOS shows nothing and does not run the extension"))
            }
        case let other?:
            throw JSONTypeError(path: "aps.alert", expected: "a string or a dictionary", found: other.typeDescription)
        }
    }

    /// The plain text, or the localized format of the loc key with its arguments.
    func localized(_ alert: [String: JSONValue], plain: String, locKey: String, locArgs: String) throws -> String {
        let text = try alert.string(plain, in: "aps.alert") ?? ""
        let arguments = try alert.strings(locArgs, in: "aps.alert") ?? []
        guard let key = try alert.string(locKey, in: "aps.alert") else { return text }
        let format = strings?.translation(of: key) ?? key
        return LocalizedFormat.substitute(format, arguments: arguments)
    }

    func readBadge(_ aps: [String: JSONValue], into content: UNMutableNotificationContent) throws {
        guard let value = aps["badge"], value != .null else { return }
        guard let number = value.integerValue, number >= 0 else {
            throw JSONTypeError(
                path: "aps.badge", expected: "a whole number from 0 (0 clears the badge)",
                found: value.foundDescription)
        }
        content.badge = NSNumber(value: number)
    }

    mutating func readSound(_ value: JSONValue?, into content: UNMutableNotificationContent) throws {
        switch value {
        case nil, .null?:
            return
        case .string(let name)?:
            content.sound = name == "default" ? .default : UNNotificationSound(named: UNNotificationSoundName(name))
        case .object(let sound)?:
            let name = try sound.string("name", in: "aps.sound") ?? "default"
            let critical = try MutableContentFlag(sound["critical"], path: "aps.sound.critical")
            let isCritical = critical.isDocumentedOn || critical.isLenientOn
            let volume = try sound.number("volume", in: "aps.sound")
            if let volume, !(0...1).contains(volume) {
                warnings.append(
                    LintWarning(
                        .soundVolumeOutOfRange, key: "aps.sound.volume",
                        "\(volume) is outside 0...1; iOS takes it as \(min(max(volume, 0), 1))"))
            }
            let level = volume.map { Float(min(max($0, 0), 1)) }
            let soundName = UNNotificationSoundName(name)
            switch (isCritical, name == "default", level) {
            case (false, true, _): content.sound = .default
            case (false, false, _): content.sound = UNNotificationSound(named: soundName)
            case (true, true, nil): content.sound = .defaultCritical
            case (true, true, let level?): content.sound = .defaultCriticalSound(withAudioVolume: level)
            case (true, false, nil): content.sound = .criticalSoundNamed(soundName)
            case (true, false, let level?): content.sound = .criticalSoundNamed(soundName, withAudioVolume: level)
            }
        case let other?:
            throw JSONTypeError(
                path: "aps.sound", expected: "a sound name string or a dictionary {critical, name, volume}",
                found: other.typeDescription)
        }
    }
}
