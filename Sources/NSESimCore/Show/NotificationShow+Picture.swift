import Foundation
import NSESimBuild
import NSESimHost
import NSESimRender
import NSESimRuntime

extension NotificationShow {
    /// The expanded notification as iOS shows it at the end: the interface after the last
    /// answer, the actions shown then, the media button; the default interface (the first
    /// image attachment, title, subtitle, body) when no content extension drew it.
    package var picture: ExpandedNotification {
        let content = delivery.deliveredContent
        let last = result?.steps.last?.answer ?? result?.presented
        let actions = (last?["notificationActions"]?.arrayValue ?? Array(registeredActions.prefix(Self.shownActionLimit)))
            .map { action in
                let options = (action["options"]?.arrayValue ?? []).compactMap(\.stringValue)
                return ExpandedNotification.Action(
                    identifier: action["identifier"]?.stringValue ?? "", title: action["title"]?.stringValue ?? "",
                    destructive: options.contains("destructive"), textInput: action["textInputButtonTitle"] != nil,
                    iconSystemName: action["icon"]?["systemImageName"]?.stringValue)
            }
        let media = last?["mediaButton"].map { button in
            ExpandedNotification.MediaButton(
                type: button["type"]?.stringValue ?? "default",
                frame: (button["frame"]?.arrayValue ?? []).compactMap(\.numberValue),
                tintColor: button["tintColor"]?.stringValue,
                playing: button["playing"]?.boolValue ?? false)
        }
        return ExpandedNotification(
            appName: appName, title: titleShown(after: last),
            subtitle: content["subtitle"]?.stringValue ?? "", body: content["body"]?.stringValue ?? "",
            defaultContentHidden: matched && (attributes?.defaultContentHidden ?? false),
            width: last?["size"]?["width"]?.numberValue ?? Self.platterWidth,
            height: last?["size"]?["height"]?.numberValue ?? 0,
            interface: matched ? last?["interface"] : nil,
            attachmentImage: matched ? nil : firstImageAttachment,
            actions: actions, mediaButton: matched ? media : nil,
            dismissed: result?.closedBy != nil, sender: CommunicationSender(content: content))
    }

    /// The bytes of the first delivered attachment that is an image.
    private var firstImageAttachment: Data? {
        for attachment in delivery.deliveredContent["attachments"]?.arrayValue ?? [] {
            guard let type = attachment["type"]?.stringValue, ["public.jpeg", "public.png", "com.compuserve.gif"].contains(type),
                let url = attachment["url"]?.stringValue.flatMap(URL.init(string:))
            else { continue }
            if let data = try? Data(contentsOf: url) { return data }
        }
        return nil
    }
}
