import Foundation
import NSESimRuntime

/// The expanded notification as iOS shows it after a long press, for the picture: the
/// header (the app's icon and name, the title), the content extension's interface (a view
/// snapshot, docs/ARCHITECTURE.md#content-extensions) or, without an extension, the first image attachment,
/// then the default content unless the extension hides it, then the actions.
///
/// `html` is a self-contained page (393 CSS pixels wide, `pageHeight` high) and
/// `png(to:chromium:)` draws it with headless Chromium.
package struct ExpandedNotification: Sendable, Equatable {
    /// One action button under the notification.
    package struct Action: Sendable, Equatable {
        /// The action's identifier (`data-action` on its row).
        package var identifier: String
        /// The button's title.
        package var title: String
        /// `.destructive`: drawn in red.
        package var destructive: Bool
        /// A `UNTextInputNotificationAction`: drawn with a keyboard hint.
        package var textInput: Bool
        /// The action's icon (`UNNotificationActionIcon(systemImageName:)`), if any.
        package var iconSystemName: String?

        package init(
            identifier: String, title: String, destructive: Bool = false, textInput: Bool = false,
            iconSystemName: String? = nil
        ) {
            self.identifier = identifier
            self.title = title
            self.destructive = destructive
            self.textInput = textInput
            self.iconSystemName = iconSystemName
        }
    }

    /// The play/pause button iOS draws over the interface (`mediaPlayPauseButtonType`).
    package struct MediaButton: Sendable, Equatable {
        /// "default" | "overlay" | "none".
        package var type: String
        /// x, y, width, height in the interface's coordinates.
        package var frame: [Double]
        /// "#RRGGBBAA", or nil for the default (the system blue for "default", white for "overlay").
        package var tintColor: String?
        /// Playing: the pause glyph; otherwise the play glyph.
        package var playing: Bool

        package init(type: String, frame: [Double], tintColor: String? = nil, playing: Bool = false) {
            self.type = type
            self.frame = frame
            self.tintColor = tintColor
            self.playing = playing
        }
    }

    /// The app's name in the header.
    package var appName: String
    /// The title shown in the header (the view controller's title when it overrides).
    package var title: String
    /// The default content's subtitle.
    package var subtitle: String
    /// The default content's body.
    package var body: String
    /// `UNNotificationExtensionDefaultContentHidden`: no subtitle and body under the interface.
    package var defaultContentHidden: Bool
    /// The interface's width in points (also the platter's width).
    package var width: Double
    /// The interface's height in points.
    package var height: Double
    /// The snapshot root; nil: no content extension (the default interface).
    package var interface: JSONValue?
    /// The first image attachment, shown when there is no content extension.
    package var attachmentImage: Data?
    /// The actions shown (already cut to iOS's limit).
    package var actions: [Action]
    /// The media play/pause button, if any.
    package var mediaButton: MediaButton?
    /// The extension dismissed the notification (`.dismiss`): drawn anyway, with a note.
    package var dismissed: Bool
    /// A communication notification's sender: its avatar and name in the header.
    package var sender: CommunicationSender?

    package init(
        appName: String, title: String, subtitle: String = "", body: String = "",
        defaultContentHidden: Bool = false, width: Double = 359, height: Double = 0,
        interface: JSONValue? = nil, attachmentImage: Data? = nil, actions: [Action] = [],
        mediaButton: MediaButton? = nil, dismissed: Bool = false, sender: CommunicationSender? = nil
    ) {
        self.appName = appName
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.defaultContentHidden = defaultContentHidden
        self.width = width
        self.height = height
        self.interface = interface
        self.attachmentImage = attachmentImage
        self.actions = actions
        self.mediaButton = mediaButton
        self.dismissed = dismissed
        self.sender = sender
    }
}
