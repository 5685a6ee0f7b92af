import Foundation
import NSESimRuntime
import Testing

@_spi(NSESim) @testable import UserNotifications

@Suite("Localized strings")
struct LocalizationTests {
    static let noStringsTable = ProcessInfo.processInfo.environment[NSESimEnvironment.strings.name] == nil

    @Test(
        "localizedUserNotificationString: the key is the format when no table has it",
        .enabled(if: noStringsTable, "NSESIM_STRINGS is set for this process"))
    func keyIsFormat() {
        #expect(
            NSString.localizedUserNotificationString(forKey: "Hello %@, you have %@ messages", arguments: ["Ann", 3])
                == "Hello Ann, you have 3 messages")
        #expect(
            NSString.localizedUserNotificationString(forKey: "%2$@ before %1$@", arguments: ["first", "second"])
                == "second before first")
        #expect(
            NSString.localizedUserNotificationString(forKey: "%1$@ and %1$@ again", arguments: ["echo"])
                == "echo and echo again")
        #expect(NSString.localizedUserNotificationString(forKey: "No arguments", arguments: nil) == "No arguments")
        #expect(NSString.localizedUserNotificationString(forKey: "100%% sure, %@", arguments: ["Bob"]) == "100% sure, Bob")
        #expect(NSString.localizedUserNotificationString(forKey: "Missing %@", arguments: []) == "Missing (null)")
        #expect(NSString.localizedUserNotificationString(forKey: "Name: %@", arguments: [NSString(string: "Eve")]) == "Name: Eve")
    }

    @Test(
        "LocalizedFormat.substitute",
        arguments: [
            ("%@", ["a"], "a"),
            ("%@ %@ %@", ["a", "b", "c"], "a b c"),
            ("%3$@%2$@%1$@", ["a", "b", "c"], "cba"),
            ("%1$@ %@", ["a", "b"], "a a"),
            ("%d items, %ld, %lld, %i, %u, %f, %s", ["1", "2", "3", "4", "5", "6", "7"], "1 items, 2, 3, 4, 5, 6, 7"),
            ("%@ %@", ["only"], "only (null)"),
            ("%5$@", ["a"], "(null)"),
            ("50%%", [], "50%"),
            ("%", [], "%"),
            ("ends with %", ["x"], "ends with %"),
            ("%x and %@", ["a"], "%x and a"),
            ("%1$x", ["a"], "%1$x"),
            ("café %@ ✓", ["naïve"], "café naïve ✓"),
            ("no conversions", ["unused"], "no conversions"),
            ("", [], ""),
        ] as [(String, [String], String)])
    func substitute(format: String, arguments: [String], expected: String) {
        #expect(LocalizedFormat.substitute(format, arguments: arguments) == expected)
    }

    @Test("StringsFile parses comments, escapes, \\U escapes and bare words")
    func stringsFile() throws {
        let text = #"""
            /* A block comment
               over two lines with "quotes" = and ; inside */
            // A line comment "x" = "y";
            "greeting" = "Hello, %@!";
            "quote"="She said \"hi\"\n\tand left \\ done";
            "unicode" = "caf\U00E9 \u2603 \U00e9";
            bare_key = bare.value-1;
            "only-key";
            "multi
            line" = "value
            over lines"; // trailing comment
            "empty" = "";
            "ключ" = "значение";
            """#
        let file = try StringsFile(parsing: text)
        #expect(file.entries["greeting"] == "Hello, %@!")
        #expect(file.entries["quote"] == "She said \"hi\"\n\tand left \\ done")
        #expect(file.entries["unicode"] == "café ☃ é")
        #expect(file.entries["bare_key"] == "bare.value-1")
        #expect(file.entries["only-key"] == "only-key")
        #expect(file.entries["multi\nline"] == "value\nover lines")
        #expect(file.entries["empty"] == "")
        #expect(file.entries["ключ"] == "значение")
        #expect(file.entries.count == 8)
        #expect(file.entries["A line comment"] == nil)
        #expect(file.translation(of: "greeting") == "Hello, %@!")
        #expect(file.translation(of: "absent") == "absent")
    }

    @Test("an empty file and a file of comments only have no entries")
    func emptyStringsFile() throws {
        #expect(try StringsFile(parsing: "").entries.isEmpty)
        #expect(try StringsFile(parsing: "/* nothing */\n// here\n\n").entries.isEmpty)
    }

    static let faults: [(text: String, line: Int, words: String)] = [
        ("\"a\" = \"1\";\n\"b\" \"2\";\n", 2, "'='"),
        ("\"a\" = \"1\";\n\n\"b\" = ;\n", 3, "value"),
        ("\"a\" = \"1\";\n\"b\" = \"2\"", 2, "';'"),
        ("\"a\" = \"1\";\n\n\n\"b\" = \"never closed;\nc = 3;\n", 4, "never closed"),
        ("\"a\" = \"1\";\n/* open\ncomment\n", 2, "comment"),
        ("\"a\" = \"1\";\n\"b\" = \"bad \\U00G1\";\n", 2, "hexadecimal"),
        ("\"a\" = \"1\";\n\"b\" = \"bad \\UD800\";\n", 2, "hexadecimal"),
        ("\n\n\n\n= \"x\";\n", 5, "key"),
    ]

    @Test("a fault is a StringsFileError with its line number", arguments: faults)
    func stringsFileFault(text: String, line: Int, words: String) {
        do throws(StringsFileError) {
            let file = try StringsFile(parsing: text, file: "Localizable.strings")
            Issue.record("parsed: \(file.entries)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(words), "\(error)")
            #expect(error.description.hasPrefix("Localizable.strings:\(line): "), "\(error)")
        }
    }

    @Test("a missing semicolon between entries is reported at the entry that follows it")
    func missingSemicolon() {
        do throws(StringsFileError) {
            _ = try StringsFile(parsing: "\"a\" = \"1\"\n\"b\" = \"2\";\n", file: "x.strings")
            Issue.record("parsed")
        } catch {
            // Like plutil, the fault is found at the unexpected character, on line 2.
            #expect(error.line == 2, "\(error)")
            #expect(error.message.contains("';'") && error.message.contains("\"a\""), "\(error)")
        }
    }

    @Test("StringsFile reads UTF-8 and UTF-16 files; a missing file is an error without a line")
    func stringsFileFromDisk() throws {
        try withTemporaryFolder { folder in
            let utf8 = folder.file("utf8.strings")
            try Data("\"k\" = \"välue\";\n".utf8).write(to: utf8)
            #expect(try StringsFile(contentsOf: utf8).entries == ["k": "välue"])

            let utf16 = folder.file("utf16.strings")
            var data = Data([0xFF, 0xFE])
            data.append(try #require("\"k\" = \"välue ☃\";\n".data(using: .utf16LittleEndian)))
            try data.write(to: utf16)
            #expect(try StringsFile(contentsOf: utf16).entries == ["k": "välue ☃"])

            let bom8 = folder.file("bom.strings")
            try (Data([0xEF, 0xBB, 0xBF]) + Data("\"k\" = \"v\";".utf8)).write(to: bom8)
            #expect(try StringsFile(contentsOf: bom8).entries == ["k": "v"])

            do throws(StringsFileError) {
                _ = try StringsFile(contentsOf: folder.file("missing.strings"))
                Issue.record("read a missing file")
            } catch {
                #expect(error.line == 0)
                #expect(error.file.hasSuffix("missing.strings"))
            }
        }
    }
}
