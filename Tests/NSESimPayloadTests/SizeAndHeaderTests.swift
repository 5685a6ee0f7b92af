import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimPayload

/// docs/behaviour.md#payload-size and #headers: the size limit and the headers.
@Suite("Payload size")
struct SizeTests {
    @Test("exactly 4096 bytes is accepted")
    func limitAccepted() throws {
        let payload = paddedPayload(size: 4096)
        #expect(payload.utf8.count == 4096)
        let parsed = try parse(payload)
        #expect(parsed.size == 4096)
        #expect(parsed.sizeLimit == 4096)
        #expect(parsed.warnings.isEmpty)
    }

    @Test("4097 bytes is rejected with the size shown")
    func overLimitRejected() throws {
        let error = parseError(paddedPayload(size: 4097), path: "big.json")
        #expect(error == .tooLarge(path: "big.json", size: 4097, limit: 4096, pushType: .alert))
        let message = try #require(error?.description)
        #expect(message.contains("4097"))
        #expect(message.contains("4096"))
        #expect(message.contains("big.json"))
        #expect(error?.exitStatus == .badInput)
    }

    @Test("voip: 5120 accepted, 5121 rejected")
    func voipLimit() throws {
        let parsed = try parse(paddedPayload(size: 5120), options(pushType: .voip))
        #expect(parsed.size == 5120)
        let error = parseError(paddedPayload(size: 5121), options(pushType: .voip))
        #expect(error == .tooLarge(path: "inline.json", size: 5121, limit: 5120, pushType: .voip))
        #expect(error?.description.contains("5121") == true)
        #expect(error?.description.contains("voip") == true)
    }

    @Test("other push types keep the 4096 limit", arguments: [PushType.background, .liveactivity, .complication])
    func otherTypes(pushType: PushType) {
        #expect(pushType.payloadLimit == 4096)
        #expect(
            parseError(paddedPayload(size: 4097), options(pushType: pushType))
                == .tooLarge(path: "inline.json", size: 4097, limit: 4096, pushType: pushType))
    }

    @Test("size counts UTF-8 bytes, not characters")
    func utf8Bytes() throws {
        // 2048 "é" are 4096 bytes in the value alone.
        let base = #"{"aps":{"alert":"x"},"pad":""}"#
        let fill = String(repeating: "é", count: (4096 - base.utf8.count) / 2)
        var payload = #"{"aps":{"alert":"x"},"pad":"\#(fill)"}"#
        if payload.utf8.count < 4096 { payload = #"{"aps":{"alert":"x"},"pad":"\#(fill)a"}"# }
        #expect(payload.utf8.count == 4096)
        #expect(try parse(payload).size == 4096)
        let over = #"{"aps":{"alert":"x"},"pad":"\#(fill)é"}"#
        #expect(over.utf8.count > 4096)
        #expect(over.count < 4096)
        guard case .tooLarge? = parseError(over) else {
            Issue.record("a payload over 4096 UTF-8 bytes was accepted")
            return
        }
    }

    @Test(".apns: the Simulator Target Bundle key does not count")
    func apnsSizeWithoutBundleKey() throws {
        let payload = paddedPayload(size: 4096)
        let apns = #"{"Simulator Target Bundle":"com.example.app","# + payload.dropFirst()
        #expect(apns.utf8.count > 4096)
        let parsed = try parse(apns, path: "big.apns")
        #expect(parsed.size == 4096)
        #expect(parsed.bundleIdentifier == "com.example.app")

        let over = #"{"Simulator Target Bundle":"com.example.app","# + paddedPayload(size: 4097).dropFirst()
        #expect(parseError(over, path: "big.apns") == .tooLarge(path: "big.apns", size: 4097, limit: 4096, pushType: .alert))
    }
}

@Suite("Headers")
struct HeaderTests {
    @Test("the collapse id becomes request.identifier")
    func collapseID() throws {
        let parsed = try parseFixture("alert-mutable.json", options(collapseID: "chat-42-latest"))
        #expect(parsed.request.identifier == "chat-42-latest")
        #expect(parsed.headers.collapseID == "chat-42-latest")
    }

    @Test("a collapse id of 64 bytes is accepted, 65 rejected")
    func collapseIDLimit() throws {
        let sixtyFour = String(repeating: "c", count: 64)
        #expect(try parseFixture("alert-string.json", options(collapseID: sixtyFour)).request.identifier == sixtyFour)

        let error = fixtureError("alert-string.json", options(collapseID: sixtyFour + "c"))
        guard case .badHeader(let name, let message)? = error else {
            Issue.record("expected badHeader, got \(String(describing: error))")
            return
        }
        #expect(name == "apns-collapse-id")
        #expect(message.contains("65"))
        #expect(message.contains("64"))
        #expect(error?.exitStatus == .badInput)
    }

    @Test("the collapse id limit is in bytes, not characters")
    func collapseIDBytes() throws {
        let thirtyTwo = String(repeating: "é", count: 32)  // 64 bytes
        #expect(try parseFixture("alert-string.json", options(collapseID: thirtyTwo)).request.identifier == thirtyTwo)
        let thirtyThree = String(repeating: "é", count: 33)  // 66 bytes
        guard case .badHeader(let name, _)? = fixtureError("alert-string.json", options(collapseID: thirtyThree)) else {
            Issue.record("a 66-byte collapse id was accepted")
            return
        }
        #expect(name == "apns-collapse-id")
    }

    @Test("an empty collapse id is rejected")
    func emptyCollapseID() {
        guard case .badHeader(let name, _)? = fixtureError("alert-string.json", options(collapseID: "")) else {
            Issue.record("an empty collapse id was accepted")
            return
        }
        #expect(name == "apns-collapse-id")
    }

    @Test("an apns-id that is not a UUID is rejected", arguments: ["not-a-uuid", "", "1234", "E621E1F8-C36C-495A-93FC-0C247A3E6E5"])
    func badApnsID(apnsID: String) {
        let error = fixtureError("alert-string.json", options(apnsID: apnsID))
        guard case .badHeader(let name, let message)? = error else {
            Issue.record("expected badHeader, got \(String(describing: error))")
            return
        }
        #expect(name == "apns-id")
        #expect(message.contains("UUID"))
        #expect(error?.description.contains("apns-id") == true)
    }

    @Test("a UUID apns-id is accepted; the identifier is still generated")
    func goodApnsID() throws {
        let apnsID = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let parsed = try parseFixture("alert-string.json", options(apnsID: apnsID))
        #expect(parsed.headers.apnsID == apnsID)
        #expect(isUUID(parsed.request.identifier))
    }

    @Test("without a collapse id the identifier is a fresh UUID")
    func generatedIdentifier() throws {
        let first = try parseFixture("alert-string.json").request.identifier
        let second = try parseFixture("alert-string.json").request.identifier
        #expect(isUUID(first))
        #expect(isUUID(second))
        #expect(first != second)
    }
}
