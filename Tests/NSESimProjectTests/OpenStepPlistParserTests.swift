import Foundation
import NSESimTestSupport
import Testing

@testable import NSESimProject

/// The old-style property list format of `project.pbxproj`.
@Suite("OpenStep property lists")
struct OpenStepPlistParserTests {
    @Test("Dictionaries, arrays, quoted and bare strings, data, comments")
    func values() throws {
        let text = """
            // !$*UTF8*$!
            {
                /* a comment */ name = "Notification Service"; // to the end of the line
                path = NotificationService/Info.plist;
                list = ( a, "b c", "$(inherited)", );
                empty = { };
                escaped = "tab\\there \\"quoted\\" \\U00e9";
                data = <0A ff>;
                number = 1.5;
            }
            """
        let value = try OpenStepPlistParser.parse(text)
        let dictionary = try #require(value.dictionary)
        #expect(dictionary["name"] == .string("Notification Service"))
        #expect(dictionary["path"] == .string("NotificationService/Info.plist"))
        #expect(dictionary["list"] == .array([.string("a"), .string("b c"), .string("$(inherited)")]))
        #expect(dictionary["empty"] == .dictionary([:]))
        #expect(dictionary["escaped"] == .string("tab\there \"quoted\" é"))
        #expect(dictionary["data"] == .data([0x0A, 0xFF]))
        #expect(dictionary["number"] == .string("1.5"))
    }

    @Test(
        "Errors say line and column",
        arguments: [
            ("{\n  a = b\n}", 2, 8, "expected ; after the value of \"a\""),
            ("{\n  a = \"open;\n}", 2, 7, "a string that is never closed"),
            ("{\n  a = (x y);\n}", 2, 10, "expected , or ) in an array"),
            ("{ a = b; } extra", 1, 12, "unexpected text after the property list's end"),
            ("{ a = b;", 1, 1, "a dictionary that is never closed"),
            ("{ a = ; }", 1, 7, "unexpected ';' where a value was expected"),
            ("/* never closed", 1, 1, "a comment that is never closed"),
        ])
    func errors(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try OpenStepPlistParser.parse(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test("Every fixture project parses into an object graph with a PBXProject root")
    func fixtures() throws {
        for name in ["ChatApp", "SyncedFolder", "GeneratedPlist"] {
            let project = try XcodeProject(path: repositoryRoot.appendingPathComponent("Fixtures/projects/\(name)").path)
            #expect(project.name == name)
            #expect(!project.targets.isEmpty)
        }
    }
}
