import Foundation
import NSESimRuntime

/// AVFAudio's records for nsesim's report (source `AVFAudio.audio`, the report's `audio`):
/// each file opened, read, written, closed or refused, and each session call.
enum AudioReport {
    static func opened(_ api: String, _ file: AVAudioFile, type: AudioFileType?, frames: AVAudioFramePosition) {
        var record = describe(file, type: type)
        record["frames"] = .integer(frames)
        send(api, record)
    }

    static func transferred(_ api: String, _ file: AVAudioFile, frames: Int, position: AVAudioFramePosition) {
        var record = describe(file, type: nil)
        record["frames"] = .integer(Int64(frames))
        record["position"] = .integer(position)
        record["length"] = .integer(file.length)
        send(api, record)
    }

    static func closed(_ file: AVAudioFile, type: AudioFileType?) {
        var record = describe(file, type: type)
        record["length"] = .integer(file.length)
        if file.isWriting {
            let size = (try? FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? NSNumber)?.int64Value
            record["bytes"] = size.map(JSONValue.integer) ?? .null
            let seconds = file.fileFormat.sampleRate > 0 ? Double(file.length) / file.fileFormat.sampleRate : 0
            record["seconds"] = .double((seconds * 1000).rounded() / 1000)
        }
        send("close", record)
    }

    static func failed(_ api: String, url: URL, _ failure: AudioFileError.Failure) {
        send(
            api,
            [
                "path": .string(url.isFileURL ? url.path : url.absoluteString),
                "file": .string(url.lastPathComponent),
                "domain": .string(AudioFileError.domain),
                "code": .integer(Int64(failure.status.rawValue)),
                "codeName": .string(failure.status.name),
                "fourCC": .string(fourCharacters(UInt32(bitPattern: Int32(truncatingIfNeeded: failure.status.rawValue)))),
                "error": .string(failure.reason),
            ])
    }

    static func session(_ api: String, _ fields: [String: JSONValue]) {
        send(api, fields)
    }

    private static func describe(_ file: AVAudioFile, type: AudioFileType?) -> [String: JSONValue] {
        var record: [String: JSONValue] = [
            "path": .string(file.url.path),
            "file": .string(file.url.lastPathComponent),
            "fileFormat": .string(file.fileFormat.summary),
            "processingFormat": .string(file.processingFormat.summary + (file.processingFormat.isInterleaved ? " interleaved" : "")),
        ]
        if let type {
            record["fileType"] = .string(type.rawValue)
            record["uti"] = .string(type.uti)
        }
        return record
    }

    private static func send(_ api: String, _ fields: [String: JSONValue]) {
        var record = fields
        record["api"] = .string(api)
        NSESimReport.send(source: .audio, .object(record))
    }
}
