import Foundation

/// Headless Chromium drawing a self-contained HTML page into a PNG: the one place the
/// browser is started, for the lock screen and the expanded notification.
package enum HeadlessChromium {
    /// Writes `html` to a temporary folder and draws it into the PNG at `url` with headless
    /// Chromium, `width` × `height` CSS pixels at device scale 1. `name` names the page file
    /// and the temporary folder (for messages). The errors say how to install Chromium.
    package static func screenshot(
        html: String, to url: URL, width: Int, height: Int, chromium: String = "chromium",
        name: String = "page"
    ) throws(LockScreenError) {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-\(name)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("\(name).html")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(html.utf8).write(to: page)
        } catch {
            throw LockScreenError(message: "cannot write the page to \(folder.path): \(error.localizedDescription)")
        }
        let output = url.standardizedFileURL
        try? FileManager.default.removeItem(at: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
            "--no-first-run", "--force-device-scale-factor=1",
            "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
            "--screenshot=\(output.path)", "--window-size=\(width),\(height)", page.absoluteString,
        ]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch {
            throw LockScreenError(message: "cannot start \(chromium): \(error.localizedDescription); install it with `make deps`")
        }
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: output.path) else {
            let tail = String(decoding: messages, as: UTF8.self).split(separator: "\n").suffix(3).joined(separator: "; ")
            throw LockScreenError(
                message: "\(chromium) did not draw \(output.path) (exit \(process.terminationStatus)): \(tail); "
                    + "install it with `make deps`")
        }
    }
}
