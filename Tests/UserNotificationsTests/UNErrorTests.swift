import Foundation
import NSESimRuntime
import Testing

@_spi(NSESim) @testable import UserNotifications

@Suite("UNError")
struct UNErrorTests {
    static let appleCodes: [(UNError.Code, Int)] = [
        (.notificationsNotAllowed, 1),
        (.attachmentInvalidURL, 100),
        (.attachmentUnrecognizedType, 101),
        (.attachmentInvalidFileSize, 102),
        (.attachmentNotInDataStore, 103),
        (.attachmentMoveIntoDataStoreFailed, 104),
        (.attachmentCorrupt, 105),
        (.notificationInvalidNoDate, 1400),
        (.notificationInvalidNoContent, 1401),
        (.contentProvidingObjectNotAllowed, 1500),
        (.contentProvidingInvalid, 1501),
        (.badgeInputInvalid, 1600),
    ]

    @Test("the codes have Apple's raw values", arguments: appleCodes)
    func rawValues(code: UNError.Code, rawValue: Int) {
        #expect(code.rawValue == rawValue)
        #expect(UNError.Code(rawValue: rawValue) == code)
        let error = UNError(code)
        #expect(error.errorCode == rawValue)
        let bridged = error as NSError
        #expect(bridged.domain == UNErrorDomain)
        #expect(bridged.code == rawValue)
        #expect(!code.summary.isEmpty)
    }

    @Test("the twelve codes are all distinct")
    func twelveCodes() {
        #expect(Set(Self.appleCodes.map(\.1)).count == 12)
    }

    @Test("the domain is UNErrorDomain")
    func domain() {
        #expect(UNErrorDomain == "UNErrorDomain")
        #expect(UNError.errorDomain == UNErrorDomain)
        let error: any Error = UNError(.attachmentCorrupt, detail: "broken")
        #expect((error as NSError).domain == UNErrorDomain)
        #expect((error as NSError).code == 105)
    }

    @Test("catch UNError.attachmentInvalidURL matches an invalid URL")
    func catchPattern() throws {
        let url = try #require(URL(string: "https://example.com/a.jpg"))
        var matched = false
        do {
            _ = try UNNotificationAttachment(identifier: "a", url: url, options: nil)
        } catch UNError.attachmentUnrecognizedType {
            Issue.record("matched the wrong code")
        } catch UNError.attachmentInvalidURL {
            matched = true
        } catch {
            Issue.record("not matched: \(error)")
        }
        #expect(matched)
    }

    @Test("catch let e as UNError gives e.code")
    func catchAsUNError() {
        do {
            _ = try UNNotificationAttachment(identifier: "a", url: Fixtures.url("near-miss-empty.jpg"), options: nil)
            Issue.record("no error")
        } catch let error as UNError {
            #expect(error.code == .attachmentInvalidFileSize)
            #expect(error.code == UNError.attachmentInvalidFileSize)
            #expect(error.errorCode == 102)
        } catch {
            Issue.record("not a UNError: \(error)")
        }
    }

    @Test("the pattern of one code does not match another code or another error")
    func patternIsSpecific() {
        #expect(!(UNError.attachmentCorrupt ~= UNError(.attachmentInvalidURL)))
        #expect(UNError.attachmentCorrupt ~= UNError(.attachmentCorrupt))
        #expect(!(UNError.attachmentCorrupt ~= CocoaError(.fileNoSuchFile)))
    }

    @Test("the description is the code's summary and the detail")
    func messages() {
        let plain = UNError(.attachmentCorrupt)
        #expect(plain.message == UNError.Code.attachmentCorrupt.summary)
        #expect(plain.localizedDescription == plain.message)
        let detailed = UNError(.attachmentInvalidURL, userInfo: [NSLocalizedDescriptionKey: "/tmp/x.jpg: no such file"])
        #expect(detailed.detail == "/tmp/x.jpg: no such file")
        #expect(detailed.localizedDescription.contains("/tmp/x.jpg: no such file"))
        #expect((detailed as NSError).userInfo[NSLocalizedDescriptionKey] as? String == detailed.message)
    }

    @Test("errors with the same code and detail are equal")
    func equality() {
        #expect(UNError(.badgeInputInvalid, detail: "x") == UNError(.badgeInputInvalid, detail: "x"))
        #expect(UNError(.badgeInputInvalid, detail: "x") != UNError(.badgeInputInvalid, detail: "y"))
        #expect(UNError(.badgeInputInvalid) != UNError(.notificationsNotAllowed))
    }
}
