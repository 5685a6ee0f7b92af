import Foundation
import NSESimRuntime

/// Who a communication notification comes from, as iOS draws it (iOS 15 and later): a content
/// updated from an `INSendMessageIntent` (or `INStartCallIntent`) shows the sender's avatar
/// (the app's icon small at its corner) and name in place of the app's icon and the title;
/// a group conversation's name under it. Read from the content's `communication` (what
/// nsesim's Intents recorded); without an image, the initials as iOS's monogram.
package struct CommunicationSender: Sendable, Equatable {
    /// The sender's (or caller's) display name.
    package var name: String
    /// The conversation's name (`speakableGroupName`), for a group.
    package var groupName: String?
    /// The avatar's bytes (`avatar.data`, base64 in the content), when the intent had an image.
    package var avatar: Data?

    package init(name: String, groupName: String? = nil, avatar: Data? = nil) {
        self.name = name
        self.groupName = groupName
        self.avatar = avatar
    }

    /// The sender of a delivered content (Apple's property names); nil for a content that is
    /// not a communication notification.
    package init?(content: JSONValue) {
        guard let communication = content["communication"],
            let name = communication["sender"]?.stringValue ?? communication["caller"]?.stringValue, !name.isEmpty
        else { return nil }
        self.name = name
        groupName = communication["groupName"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        avatar = communication["avatar.data"]?.stringValue.flatMap { Data(base64Encoded: $0) }
    }

    /// Up to two initials: "Alice Martin" → "AM".
    package var initials: String {
        String(name.split(separator: " ").prefix(2).compactMap(\.first)).uppercased()
    }

    /// The avatar as HTML: the image (a data: URL) or the monogram, in a circle of `size`
    /// points, with the app's initial as a small icon at its corner.
    package func avatarHTML(size: Int, appInitial: String) -> String {
        let face: String
        if let avatar, let header = ImageHeader(avatar) {
            face =
                "<img src=\"data:\(header.mimeType);base64,\(avatar.base64EncodedString())\" alt=\"\" "
                + "style=\"width:\(size)px;height:\(size)px;border-radius:50%;object-fit:cover;display:block\">"
        } else {
            face =
                "<span style=\"width:\(size)px;height:\(size)px;border-radius:50%;background:linear-gradient(#a5abb7,#848993);"
                + "color:#fff;display:flex;align-items:center;justify-content:center;font-weight:600;font-size:\(size * 2 / 5)px\">"
                + "\(LockScreen.escape(initials))</span>"
        }
        let corner = size / 2
        return "<span class=\"avatar\" data-sender=\"\(LockScreen.escape(name))\" style=\"position:relative;flex:none;display:inline-block;"
            + "width:\(size)px;height:\(size)px;margin-right:9px\">\(face)<span style=\"position:absolute;right:-3px;bottom:-3px;"
            + "width:\(corner)px;height:\(corner)px;border-radius:\(corner / 4)px;background:#2f7cf6;color:#fff;font-size:\(corner / 2)px;"
            + "font-weight:700;display:flex;align-items:center;justify-content:center;border:1.5px solid #fff\">"
            + "\(LockScreen.escape(appInitial))</span></span>"
    }
}
