import UserNotifications

/// Hands content with 20 attachments: 20 small GIF images (1x1 pixel, each another
/// colour) written into its temporary folder. Apple documents no limit on the number of
/// attachments; iOS shows the first one as the notification's thumbnail and keeps all of
/// them in the attachment store, where a content extension can show the others.
class NotificationService: UNNotificationServiceExtension {
    static let count = 20

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
        var attachments: [UNNotificationAttachment] = []
        for index in 1...Self.count {
            let name = String(format: "photo-%02d", index)
            let url = folder.appendingPathComponent("\(name).gif")
            do {
                try Self.gif(red: UInt8(index * 12), green: 0x80, blue: UInt8(255 - index * 12)).write(to: url)
                attachments.append(try UNNotificationAttachment(identifier: name, url: url))
            } catch {
                print("ManyAttachments: \(name): \(error)")
            }
        }
        content.attachments = attachments
        content.body = "\(attachments.count) photos"
        contentHandler(content)
    }

    /// A 1x1 GIF89a whose one pixel has this colour.
    static func gif(red: UInt8, green: UInt8, blue: UInt8) -> Data {
        var bytes: [UInt8] = Array("GIF89a".utf8)
        bytes += [0x01, 0x00, 0x01, 0x00]          // logical screen 1 x 1
        bytes += [0x80, 0x00, 0x00]                // global colour table of 2 entries
        bytes += [red, green, blue, 0x00, 0x00, 0x00]
        bytes += [0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]  // image 1 x 1 at 0,0
        bytes += [0x02, 0x02, 0x44, 0x01, 0x00]    // LZW: clear, pixel 0, end
        bytes += [0x3B]                            // trailer
        return Data(bytes)
    }
}
