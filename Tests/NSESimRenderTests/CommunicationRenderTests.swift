import Foundation
import NSESimCenter
import NSESimRuntime
import NSESimStore
import Testing

@testable import NSESimRender

/// Communication notifications as iOS draws them: the sender's avatar and
/// name in the lock screen and the expanded notification.
@Suite("Communication notifications in the pictures")
struct CommunicationRenderTests {
    static let avatar = ExpandedNotificationRenderTests.redPNG

    static func content(sender: String = "Alice Martin", group: String? = "Lunch crew", avatar: String? = Self.avatar) -> JSONValue {
        var communication: [String: JSONValue] = [
            "kind": .string("message"), "intent": .string("INSendMessageIntent"),
            "sender": .string(sender),
        ]
        if let group { communication["groupName"] = .string(group) }
        if let avatar { communication["avatar.data"] = .string(avatar) }
        return .object([
            "title": .string("New message"), "body": .string("Lunch at noon?"), "threadIdentifier": .string(sender),
            "communication": .object(communication),
        ])
    }

    @Test("The sender, the group and the avatar's bytes are read from the content; a plain content has no sender")
    func reading() throws {
        let sender = try #require(CommunicationSender(content: Self.content()))
        #expect(sender.name == "Alice Martin" && sender.groupName == "Lunch crew" && sender.avatar?.count ?? 0 > 0)
        #expect(sender.initials == "AM")
        #expect(CommunicationSender(content: .object(["title": .string("x")])) == nil)
        #expect(
            CommunicationSender(content: .object(["communication": .object(["kind": .string("call"), "caller": .string("Bob")])]))?.name
                == "Bob")
    }

    @Test("The lock screen: the avatar image and the sender's name in place of the title; without an image, the monogram")
    func lockScreen() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-communication-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var state = CenterState()
        _ = state.deliver(CenterState.Delivered(identifier: "m-1", content: Self.content(), date: 1_774_252_800))
        _ = state.deliver(
            CenterState.Delivered(
                identifier: "m-2", content: Self.content(sender: "Bob", group: nil, avatar: nil),
                date: 1_774_252_860))
        let html = LockScreen(state: state, store: AttachmentStore(root: root, bundleIdentifier: "com.example.chat"), appName: "Chat").html
        #expect(html.contains("data-sender=\"Alice Martin\"") && html.contains("data:image/png;base64,\(Self.avatar)"))
        #expect(html.contains("<div class=\"group-name\">Lunch crew</div>"))
        #expect(!html.contains(">New message<"))
        #expect(html.contains("data-sender=\"Bob\"") && html.contains(">B</span>"))
    }

    @Test("The expanded notification: the avatar and 'sender · group' in the header")
    func expanded() throws {
        let sender = try #require(CommunicationSender(content: Self.content()))
        let html = ExpandedNotification(appName: "Chat", title: "New message", body: "Lunch at noon?", sender: sender).html
        #expect(html.contains("data-sender=\"Alice Martin\"") && html.contains("Alice Martin · Lunch crew"))
        #expect(html.contains("data:image/png;base64,\(Self.avatar)"))
        #expect(!ExpandedNotification(appName: "Chat", title: "New message").html.contains("data-sender"))
    }
}
