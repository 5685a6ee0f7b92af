import ChatCore

/// How the app writes a sender's name into a notification: a module that imports another
/// in-house module (built after it).
public enum NotificationText {
    public static func title(for contact: Contact, in thread: String?) -> String {
        thread.map { "\(contact.displayName) in \($0)" } ?? contact.displayName
    }
}
