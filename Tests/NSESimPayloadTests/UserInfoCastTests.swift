import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimPayload

/// iOS code reads custom payload keys with `as?` casts; on iOS the numbers are NSNumbers,
/// so `as? Int`, `as? Double` and `as? Bool` all work. They must here too.
@Suite("userInfo casts as on iOS")
struct UserInfoCastTests {
    @Test func numbersAndBooleansCastLikeNSNumbers() throws {
        let json = #"{"aps":{"alert":"x"},"count":3,"ratio":0.5,"flag":true,"name":"n","list":[1,2],"nested":{"k":1}}"#
        let parsed = try PayloadParser.parse(data: Data(json.utf8), path: "casts.json")
        let info = parsed.request.content.userInfo
        #expect(info["count"] as? Int == 3)
        #expect(info["count"] as? Double == 3.0)
        #expect(info["ratio"] as? Double == 0.5)
        #expect(info["flag"] as? Bool == true)
        #expect(info["name"] as? String == "n")
        #expect((info["list"] as? [Any])?.count == 2)
        #expect((info["nested"] as? [String: Any])?["k"] as? Int == 1)
        #expect((info["aps"] as? [String: Any])?["alert"] as? String == "x")
    }
}
