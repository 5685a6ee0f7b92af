import NSESimPayload

/// `apns-topic` per push type: the app's bundle identifier, with the suffix Apple gives some push types.
package enum APNsTopic {
    /// The suffix the topic of a `pushType` push carries after the bundle identifier.
    package static func suffix(for pushType: PushType) -> String {
        switch pushType {
        case .voip: return ".voip"
        case .complication: return ".complication"
        case .fileprovider: return ".pushkit.fileprovider"
        case .location: return ".location-query"
        case .liveactivity: return ".push-type.liveactivity"
        case .pushtotalk: return ".voip-ptt"
        case .widgets: return ".push-type.widgets"
        case .controls: return ".push-type.controls"
        case .alert, .background, .mdm: return ""
        }
    }

    /// The push type a topic implies when `apns-push-type` is not given (voip for `.voip`, ...).
    package static func impliedPushType(topic: String, bundleIdentifier: String) -> PushType {
        let suffix = topic.hasPrefix(bundleIdentifier) ? String(topic.dropFirst(bundleIdentifier.count)) : ""
        return PushType.allCases.first { !self.suffix(for: $0).isEmpty && self.suffix(for: $0) == suffix } ?? .alert
    }
}
