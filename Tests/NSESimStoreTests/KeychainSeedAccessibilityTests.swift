import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing

@testable import NSESimStore

/// `--keychain` seed files carry each item's accessibility class as the app stored it.
@Suite("Keychain seed: accessible")
struct KeychainSeedAccessibilityTests {
    private func seed(_ text: String) throws -> KeychainSeed {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-seed-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try KeychainSeed(contentsOf: file)
    }

    @Test("Apple's names, the short form and Security's value are read; an item without one is WhenUnlocked, iOS's default")
    func classes() throws {
        let items = try seed(
            """
            {"items": [{"service": "s", "account": "a", "dataText": "x"},
                       {"service": "s", "account": "b", "dataText": "x", "accessible": "kSecAttrAccessibleAfterFirstUnlock"},
                       {"service": "s", "account": "c", "dataText": "x", "accessible": "AlwaysThisDeviceOnly"},
                       {"service": "s", "account": "d", "dataText": "x", "accessible": "aku"}]}
            """
        ).items
        #expect(items.map { $0.attributes["pdmn"] } == ["ak", "ck", "dku", "aku"])
    }

    @Test(
        "An unknown class, or one that is not a string, names the value, the item and the accepted names",
        arguments: [#""kSecAttrAccessibleSometimes""#, "true"])
    func unknown(value: String) throws {
        do {
            _ = try seed(#"{"items": [{"service": "s", "account": "a", "dataText": "x", "accessible": \#(value)}]}"#)
            Issue.record("accepted \(value)")
        } catch {
            let message = "\(error)"
            #expect(message.contains("items[0].accessible is"), "\(message)")
            #expect(message.contains(value == "true" ? "a boolean" : "kSecAttrAccessibleSometimes"), "\(message)")
            #expect(message.contains("kSecAttrAccessibleWhenUnlocked") && message.contains("kSecAttrAccessibleAfterFirstUnlock"))
        }
    }

    @Test(
        "synchronizable and accessControl are read (the flags by SecAccessControlCreateFlags' names); an unknown flag names the accepted ones"
    )
    func accessControl() throws {
        let items = try seed(
            """
            {"items": [{"account": "t", "dataText": "x", "synchronizable": true},
                       {"account": "p", "dataText": "x", "accessible": "WhenPasscodeSetThisDeviceOnly",
                        "accessControl": ["biometryCurrentSet", "or", "devicePasscode"]}]}
            """
        ).items
        #expect(items[0].attributes["sync"] == "1")
        #expect(items[1].attributes["accc"] == "akpu;16408")
        #expect(items.allSatisfy { $0.attributes["_pref"] != nil })
        do {
            _ = try seed(#"{"items": [{"account": "p", "dataText": "x", "accessControl": ["faceID"]}]}"#)
            Issue.record("accepted faceID")
        } catch {
            #expect("\(error)".contains("items[0].accessControl is not a list of SecAccessControlCreateFlags names"), "\(error)")
            #expect("\(error)".contains("userPresence, biometryAny"), "\(error)")
        }
    }
}
