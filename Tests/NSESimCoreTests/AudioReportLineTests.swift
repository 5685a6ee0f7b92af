import Foundation
import NSESimRuntime
import Testing

@testable import NSESimCore

/// The text report's lines for AVFAudio's records (the `Audio` section).
@Suite("Audio lines of the text report")
struct AudioReportLineTests {
    @Test("an open, a write, a close and a failure, as the report prints them")
    func lines() throws {
        let open = try JSONValue.parse(
            Data(
                #"{"api": "AVAudioFile(forReading:)", "file": "ring.caf", "fileType": "caf", "fileFormat": "Int16 8000 Hz 1 ch", "frames": 16000}"#
                    .utf8))
        #expect(NotificationRun.audioLine(open) == "AVAudioFile(forReading:) ring.caf (caf, Int16 8000 Hz 1 ch) 16000 frames")
        let write = try JSONValue.parse(Data(#"{"api": "write(from:)", "file": "ring.long.caf", "frames": 16000, "position": 32000}"#.utf8))
        #expect(NotificationRun.audioLine(write) == "write(from:) ring.long.caf 16000 frames → 32000")
        let close = try JSONValue.parse(
            Data(#"{"api": "close", "file": "ring.long.caf", "length": 240000, "bytes": 964096, "seconds": 30}"#.utf8))
        #expect(NotificationRun.audioLine(close) == "close ring.long.caf → 240000 frames, 964096 bytes, 30.00 s")
        let failure = try JSONValue.parse(
            Data(
                #"{"api": "AVAudioFile(forReading:)", "file": "notes.caf", "code": 1954115647, "fourCC": "typ?", "error": "not audio"}"#
                    .utf8))
        #expect(NotificationRun.audioLine(failure) == "AVAudioFile(forReading:) notes.caf failed 1954115647 'typ?': not audio")
        let session = try JSONValue.parse(Data(#"{"api": "AVAudioSession.setActive", "active": true}"#.utf8))
        #expect(NotificationRun.audioLine(session) == "AVAudioSession.setActive active true (recorded; nothing changes)")
    }
}
