import Foundation

extension ExpandedNotification {
    /// Draws the page into the PNG at `url` with headless Chromium: 393 × `pageHeight`
    /// pixels (device scale 1). The errors say how to install Chromium (`make deps`).
    package func png(to url: URL, chromium: String = "chromium") throws(LockScreenError) {
        try HeadlessChromium.screenshot(
            html: html, to: url, width: Int(ExpandedNotificationLayout.pageWidth),
            height: pageHeight, chromium: chromium, name: "expanded-notification")
    }
}
