import Foundation
import Testing

@Suite("nsesim validate")
struct ValidateCommandTests {
    @Test("a real PNG is valid: exit 0")
    func validPNG() async throws {
        let result = try await nsesim("validate", "Fixtures/media/sample.png")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("valid image attachment"))
        #expect(result.stdout.contains("public.png"))
    }

    @Test("an HTML page saved as .jpg: exit 65, code 105")
    func htmlAsJPEG() async throws {
        let result = try await nsesim("validate", "Fixtures/media/near-miss-html.jpg")
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.contains("105"))
        #expect(result.stdout.contains("attachmentCorrupt"))
        #expect(result.stdout.contains("UNErrorDomain"))
    }

    @Test("--format json gives the error as {domain, code, name, message}")
    func htmlAsJPEGJSON() async throws {
        let result = try await nsesim("validate", "--format", "json", "Fixtures/media/near-miss-html.jpg")
        #expect(result.status == 65, "\(result)")
        let object = try result.jsonObject()
        #expect(object["valid"] as? Bool == false)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? Int == 105)
        #expect(error["domain"] as? String == "UNErrorDomain")
    }

    @Test("a missing file: exit 66")
    func missingFile() async throws {
        let result = try await nsesim("validate", "Fixtures/media/does-not-exist.png")
        #expect(result.status == 66, "\(result)")
        #expect(result.stdout.contains("does-not-exist.png"))
    }

    @Test("a missing file among invalid ones: exit 66 wins")
    func missingAmongInvalid() async throws {
        let result = try await nsesim("validate", "Fixtures/media/near-miss-html.jpg", "Fixtures/media/does-not-exist.png")
        #expect(result.status == 66, "\(result)")
    }

    @Test("several valid files: exit 0; one invalid among them: exit 65")
    func severalFiles() async throws {
        #expect(try await nsesim("validate", "Fixtures/media/sample.png", "Fixtures/media/sample.jpg").status == 0)
        let mixed = try await nsesim("validate", "--format", "json", "Fixtures/media/sample.png", "Fixtures/media/near-miss-html.jpg")
        #expect(mixed.status == 65, "\(mixed)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(mixed.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["valid"] as? Bool } == [true, false])
    }

    @Test("no file: exit 64")
    func noFile() async throws {
        let result = try await nsesim("validate")
        #expect(result.status == 64, "\(result)")
    }
}
