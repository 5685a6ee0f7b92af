import Foundation

extension LockScreen {
    /// Draws `html` into the PNG at `url` with headless Chromium at the page's size.
    package static func screenshot(html: String, to url: URL, chromium: String = "chromium") throws(LockScreenError) {
        try HeadlessChromium.screenshot(html: html, to: url, width: width, height: height, chromium: chromium, name: "lockscreen")
    }
}

/// The lock screen (or another page drawn with headless Chromium) could not be drawn.
package struct LockScreenError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
