import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// The properties of notification content as label/value rows for text output, in the
/// order a person reads a notification.
package enum ContentRows {
    package static func rows(of content: UNNotificationContent) -> [(label: String, value: String)] {
        var rows: [(String, String)] = [
            ("title", content.title.quotedOrDash),
            ("subtitle", content.subtitle.quotedOrDash),
            ("body", content.body.quotedOrDash),
            ("badge", content.badge.map { "\($0)" } ?? "—"),
            ("sound", content.sound.map(describe) ?? "—"),
            ("categoryIdentifier", content.categoryIdentifier.quotedOrDash),
            ("threadIdentifier", content.threadIdentifier.quotedOrDash),
            ("targetContentIdentifier", (content.targetContentIdentifier ?? "").quotedOrDash),
            ("interruptionLevel", content.interruptionLevel.name),
            ("relevanceScore", "\(content.relevanceScore)"),
            ("launchImageName", content.launchImageName.quotedOrDash),
            ("filterCriteria", (content.filterCriteria ?? "").quotedOrDash),
        ]
        if !content.summaryArgument.isEmpty || content.summaryArgumentCount != 0 {
            rows.append(("summaryArgument", "\(content.summaryArgument.quotedOrDash) × \(content.summaryArgumentCount)"))
        }
        rows.append(
            (
                "attachments",
                content.attachments.isEmpty
                    ? "—"
                    : content.attachments.map { "\($0.identifier) \($0.type) \($0.url.path)" }.joined(separator: "; ")
            ))
        rows.append(("userInfo", JSONValue(foundationLossy: content.userInfo).serializedString()))
        return rows
    }

    static func describe(_ sound: UNNotificationSound) -> String {
        var text = sound.soundName?.rawValue ?? "default"
        var traits: [String] = []
        if sound.isCritical { traits.append("critical") }
        if let volume = sound.audioVolume { traits.append("volume \(volume)") }
        if sound.isRingtone { traits.append("ringtone") }
        if !traits.isEmpty { text += " (\(traits.joined(separator: ", ")))" }
        return text
    }
}

extension String {
    /// The string in quotes, or a dash when empty.
    var quotedOrDash: String { isEmpty ? "—" : "\"\(self)\"" }
}
