import AttachmentValidation
import Foundation

/// A sound file checked as iOS checks one handed to `AudioServicesCreateSystemSoundID`: it
/// exists and its content is audio (libmagic's MIME type, or the CAF header libmagic does not
/// know). What it is, or why it cannot be a system sound.
struct SoundFile: Sendable {
    let path: String
    /// libmagic's MIME type of the content, e.g. `audio/x-wav`.
    let mimeType: String
    let size: Int

    /// Why a file cannot be a system sound, for the report.
    struct Refusal: Error {
        let message: String
    }

    static func check(_ url: URL) throws(Refusal) -> SoundFile {
        guard url.isFileURL else { throw Refusal(message: "\(url.absoluteString) is not a file URL") }
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Refusal(message: "no file at \(path)")
        }
        guard !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: path) else {
            throw Refusal(message: "\(path) is not a readable file")
        }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: MagicSniffer.sniffLength)) ?? Data())
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? head.count
        guard !head.isEmpty else { throw Refusal(message: "\(path) is empty") }
        let mimeType: String
        do {
            mimeType = try MagicSniffer.mimeType(of: head)
        } catch {
            throw Refusal(message: "cannot read what \(path) is: \(error)")
        }
        let isCAF = head.starts(with: Array("caff".utf8))
        guard mimeType.hasPrefix("audio/") || isCAF else {
            throw Refusal(message: "\(path) is not audio (\(mimeType))")
        }
        return SoundFile(path: path, mimeType: isCAF && !mimeType.hasPrefix("audio/") ? "audio/x-caf" : mimeType, size: size)
    }
}
