import Foundation
import NSESimRuntime

/// One step of a case with `steps`: a push through the whole pipeline, local requests
/// scheduled, the virtual clock advanced, the position moved, a notification removed.
///
/// ```json
/// "steps": [
///   {"payload": "../../payloads/image-url.json", "collapseID": "photo", "at": "2026-03-23T08:00:00Z"},
///   {"schedule": "../../center/standup.json"},
///   {"advance": "1d"},
///   {"move": "48.8585,2.2950"},
///   {"remove": "photo"},
///   {"lockState": "locked"}
/// ]
/// ```
package enum ReplayStep: Sendable {
    /// A push: the payload's text and name, its `apns-collapse-id`, and when it arrives.
    case push(text: String, name: String, collapseID: String?, at: String?)
    /// `nsesim schedule FILE`.
    case schedule(URL)
    /// `nsesim center advance DURATION`, or `--until` a date.
    case advance(String)
    /// `nsesim center move LAT,LON`.
    case move(String)
    /// `nsesim center rm ID`.
    case remove(String)
    /// The phone is locked or unlocked: the pushes after it arrive in this state (`--lock-state`).
    case lockState(LockState)

    /// The steps of a case file, paths relative to its folder.
    static func steps(_ items: [JSONValue], folder: URL, file: String) throws(ReplayError) -> [ReplayStep] {
        try items.enumerated().map { (index, item) throws(ReplayError) -> ReplayStep in
            let path = "steps[\(index)]"
            if let payload = item["payload"] {
                let at = item["at"]?.stringValue
                let collapseID = item["collapseID"]?.stringValue
                switch payload {
                case .string(let relative):
                    let url = URL(fileURLWithPath: ReplayCase.resolve(relative, in: folder))
                    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                        throw .badCase(file, "\(path).payload: the payload file \(url.path) cannot be read")
                    }
                    return .push(text: text, name: url.lastPathComponent, collapseID: collapseID, at: at)
                case .object:
                    return .push(
                        text: payload.serializedString(pretty: true), name: "step-\(index + 1).json", collapseID: collapseID, at: at)
                default:
                    throw .badCase(file, "\(path).payload must be a payload dictionary or the path of a payload file")
                }
            }
            if let schedule = item["schedule"]?.stringValue {
                return .schedule(URL(fileURLWithPath: ReplayCase.resolve(schedule, in: folder)))
            }
            if let advance = item["advance"]?.stringValue { return .advance(advance) }
            if let move = item["move"]?.stringValue { return .move(move) }
            if let remove = item["remove"]?.stringValue { return .remove(remove) }
            if let state = item["lockState"] {
                guard let text = state.stringValue, let parsed = LockState(rawValue: text) else {
                    throw .badCase(
                        file,
                        "\(path).lockState is \(state.stringValue.map { "\"\($0)\"" } ?? state.typeDescription): "
                            + "expected one of \(LockState.accepted)")
                }
                return .lockState(parsed)
            }
            throw .badCase(
                file,
                "\(path): a step is {\"payload\"}, {\"schedule\"}, {\"advance\"}, {\"move\"}, {\"remove\"} "
                    + "or {\"lockState\"}")
        }
    }
}
