import Foundation
import NSESimRuntime
import Testing

@testable import Replay

/// `expect.records`: a framework's records, by the report's key, matched in order with every
/// key given.
@Suite("ReplayExpectation records")
struct ReplayRecordsExpectationTests {
    static let report = """
        {"outcome": "modified",
         "sounds": [
           {"tMs": 1, "api": "AudioServicesPlayAlertSound", "soundID": 4095, "sound": "vibrate"},
           {"tMs": 2, "api": "AudioServicesCreateSystemSoundID", "soundID": 4097, "status": 0},
           {"tMs": 3, "api": "AudioServicesPlaySystemSound", "soundID": 4097, "sound": "chime.wav"}
         ],
         "reachability": [{"tMs": 1, "api": "SCNetworkReachabilityGetFlags", "target": "localhost", "flags": ["reachable"]}]}
        """

    func differences(_ expect: String) throws -> [String] {
        let object = try #require(try JSONValue.parse(Data(expect.utf8)).objectValue)
        return try ReplayExpectation(object).differences(from: try JSONValue.parse(Data(Self.report.utf8)))
    }

    @Test("records given in order, each a subset, pass")
    func passes() throws {
        #expect(
            try differences(#"{"records": {"sounds": [{"sound": "vibrate"}, {"api": "AudioServicesPlaySystemSound", "soundID": 4097}]}}"#)
                == [])
        #expect(try differences(#"{"records": {"reachability": [{"flags": ["reachable"]}], "sounds": []}}"#) == [])
    }

    @Test("a record missing, out of order or of a key with none fails, naming the key")
    func fails() throws {
        let wrongOrder = try differences(#"{"records": {"sounds": [{"api": "AudioServicesPlaySystemSound"}, {"sound": "vibrate"}]}}"#)
        #expect(wrongOrder.count == 1 && wrongOrder[0].hasPrefix(#"records.sounds: expected {"sound":"vibrate"} (in order), got "#))
        #expect(
            try differences(#"{"records": {"calls": [{"api": "reportNewIncomingVoIPPushPayload"}]}}"#)
                == [#"records.calls: expected {"api":"reportNewIncomingVoIPPushPayload"} (in order), got none"#])
        #expect(throws: JSONTypeError.self) { try differences(#"{"records": {"sounds": {"api": "x"}}}"#) }
    }
}
