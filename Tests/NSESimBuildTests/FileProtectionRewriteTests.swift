import Foundation
import Testing

@testable import NSESimBuild

/// The build copy's calls that give a file a protection class (Linux's Foundation ignores it).
@Suite("File protection rewrite")
struct FileProtectionRewriteTests {
    @Test("write(to:options:) with a protection option, createFile and setAttributes with .protectionKey are renamed")
    func renamed() {
        let source = """
            try data.write(to: url, options: [.atomic, .completeFileProtection])
            try payload.write(to: url, options: Data.WritingOptions.noFileProtection)
            FileManager.default.createFile(atPath: path, contents: nil, attributes: [.protectionKey: FileProtectionType.complete])
            try fm.setAttributes([FileAttributeKey.protectionKey: FileProtectionType.none],
                                 ofItemAtPath: path)
            """
        let (text, changes) = FileProtectionRewrite.rewrite(source)
        #expect(
            text == """
                try data._nsesimWrite(to: url, options: [.atomic, .completeFileProtection])
                try payload._nsesimWrite(to: url, options: Data.WritingOptions.noFileProtection)
                FileManager.default._nsesimCreateFile(atPath: path, contents: nil, attributes: [.protectionKey: FileProtectionType.complete])
                try fm._nsesimSetAttributes([FileAttributeKey.protectionKey: FileProtectionType.none],
                                     ofItemAtPath: path)
                """)
        #expect(changes.map(\.line) == [1, 2, 3, 4])
        #expect(changes.allSatisfy { $0.reason.isEmpty })
        #expect(FileProtectionRewrite.isNeeded(by: [URL(fileURLWithPath: "/a.swift"): (text, changes)]))
    }

    @Test("Calls without a class in their arguments, strings and comments are left alone")
    func leftAlone() {
        let source = """
            try data.write(to: url, options: .atomic)
            handle.write(data)
            let s = "x.write(to: u, options: .completeFileProtection)" // y.write(to: u, options: .completeFileProtection)
            try data.write(to: url, options: options) // options hold the class: not seen
            """
        #expect(FileProtectionRewrite.rewrite(source).changes.isEmpty)
        #expect(!FileProtectionRewrite.mayApply(to: "try data.write(to: url)"))
    }
}
