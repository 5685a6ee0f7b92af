import Foundation
import NSESimPayload
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimCore

/// Inputs the payload fuzzer (`make fuzz`, Fuzz/PayloadFuzzer) crashed on, kept in
/// Fixtures/fuzz/regressions: each must now give a parse or a clear error, under every
/// option the fuzzer varies, and its reports must render.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = repositoryRoot.appendingPathComponent("Fixtures/fuzz/regressions")

    static func inputs() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? []
    }

    /// The option sets the fuzzer picks from: push types, lenient or not, a strings file.
    static let optionSets: [PayloadOptions] = [PushType.alert, .voip, .background].flatMap { pushType in
        [false, true].flatMap { lenient in
            [nil, stringsFixture].map { strings in options(pushType: pushType, strings: strings, lenient: lenient) }
        }
    }

    @Test("the regression folder is not empty")
    func folderIsNotEmpty() {
        #expect(Self.inputs().count >= 2)
    }

    @Test("every saved crash input parses or fails cleanly, and its reports render", arguments: inputs())
    func savedInput(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        for parseOptions in Self.optionSets {
            for path in ["fuzz.json", "fuzz.apns"] {
                switch Result(catching: { () throws(PayloadError) in
                    try PayloadParser.parse(data: data, path: path, options: parseOptions)
                }) {
                case .success(let parsed):
                    #expect(parsed.text.hasPrefix("Payload  \(path)"))
                    let json = parsed.jsonValue.serialized()
                    #expect(try JSONValue.parse(json)["request"] != nil)
                    let content = try UNNotificationContent.fromJSON(parsed.request.content.jsonValue)
                    #expect(content.jsonValue == parsed.request.content.jsonValue)
                case .failure(let error):
                    #expect(error.exitStatus == .badInput, "\(name): \(error)")
                    #expect(error.description.hasPrefix(path), "\(name): \(error)")
                }
            }
        }
    }

    /// Found by the fuzzer: a mutable-content number beyond Int64 (1e19) trapped when the
    /// gate's reason spelled it (`Int64(1e19)`), so `nsesim lint` and `run` crashed instead of
    /// saying the extension is not invoked.
    @Test(
        "mutable-content beyond Int64 is spelled as a number, not a crash",
        arguments: [(1e19, "1e+19"), (-1e19, "-1e+19"), (-9.3e18, "-9.3e+18"), (1e300, "1e+300"), (9.1e18, "9100000000000000000")])
    func hugeMutableContent(value: Double, spelled: String) throws {
        #expect(MutableContentFlag.number(value).spelled == spelled)
        let parsed = try parse(#"{"aps":{"alert":"Hello","mutable-content":\#(value)}}"#)
        #expect(!parsed.gate.invoked)
        #expect(
            parsed.gate.notInvokedReason?.contains("aps.mutable-content is \(spelled);") == true,
            "\(parsed.gate.notInvokedReason ?? "invoked")")
        #expect(parsed.text.contains("Extension invoked: no"))
    }

    @Test("whole numbers within Int64 keep their integer spelling")
    func ordinarySpelling() {
        #expect(MutableContentFlag.number(1).spelled == "1")
        #expect(MutableContentFlag.number(0).spelled == "0")
        #expect(MutableContentFlag.number(-2).spelled == "-2")
        #expect(MutableContentFlag.number(1.5).spelled == "1.5")
    }
}
