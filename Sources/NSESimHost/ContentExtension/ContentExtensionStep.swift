import NSESimRuntime

/// What the user does to an expanded notification, in order (`nsesim show --action`,
/// `--text-input`, `--dismiss`, `--media`; a replay case's `steps`).
package enum ContentExtensionStep: Sendable, Equatable {
    /// Taps the action button with this identifier.
    case action(String)
    /// Types `text` into the text-input action `identifier` and sends it.
    case textInput(identifier: String, text: String)
    /// Taps the media play/pause button: play (true) or pause.
    case media(play: Bool)
    /// Closes the interface without an action.
    case dismiss

    /// The step as the report shows it.
    package var jsonValue: JSONValue {
        switch self {
        case .action(let identifier): .object(["action": .string(identifier)])
        case .textInput(let identifier, let text): .object(["action": .string(identifier), "userText": .string(text)])
        case .media(let play): .object(["media": .string(play ? "play" : "pause")])
        case .dismiss: .object(["dismiss": .bool(true)])
        }
    }

    /// The step from a replay case's JSON (`{"action": ID}`, `{"action": ID, "userText": T}`,
    /// `{"media": "play"}`, `{"dismiss": true}`); nil when it is none of these.
    package init?(jsonValue value: JSONValue) {
        if let identifier = value["action"]?.stringValue {
            self = value["userText"]?.stringValue.map { .textInput(identifier: identifier, text: $0) } ?? .action(identifier)
        } else if let media = value["media"]?.stringValue, media == "play" || media == "pause" {
            self = .media(play: media == "play")
        } else if value["dismiss"]?.boolValue == true {
            self = .dismiss
        } else {
            return nil
        }
    }

    /// A short name for messages: `action reply`, `text input reply`, `dismiss`.
    package var name: String {
        switch self {
        case .action(let identifier): "action \(identifier)"
        case .textInput(let identifier, _): "text input \(identifier)"
        case .media(let play): play ? "media play" : "media pause"
        case .dismiss: "dismiss"
        }
    }
}
