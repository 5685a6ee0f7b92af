import Foundation

extension LockScreen {
    /// Draws `html` into the PNG at `url` with headless Chromium at the page's size.
    package static func screenshot(html: String, to url: URL, chromium: String = "chromium") throws(LockScreenError) {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-lockscreen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("lockscreen.html")
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
        process.arguments = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
                             "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                             "--screenshot=\(output.path)", "--window-size=\(width),\(height)", page.absoluteString]
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
            throw LockScreenError(message: "\(chromium) did not draw \(output.path) (exit \(process.terminationStatus)): \(tail); "
                + "install it with `make deps`")
        }
    }
}

/// The lock screen could not be drawn.
package struct LockScreenError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
