import Testing

@testable import NSESimBuild

/// `.suggestedFilename` in the build copy (Linux's Foundation says "Unknown").
@Suite("suggestedFilename rewrite")
struct SuggestedFilenameRewriteTests {
    @Test("Code's .suggestedFilename (also ?.) becomes ._nsesimSuggestedFilename; strings, comments and longer names stay")
    func rewrite() {
        let source = """
            let name = response.suggestedFilename ?? "x" // .suggestedFilename
            let other = response?.suggestedFilename
            let text = "a .suggestedFilename"
            let longer = thing.suggestedFilenames
            """
        let rewritten = SuggestedFilenameRewrite.rewrite(source)
        #expect(
            rewritten.text == """
                let name = response._nsesimSuggestedFilename ?? "x" // .suggestedFilename
                let other = response?._nsesimSuggestedFilename
                let text = "a .suggestedFilename"
                let longer = thing.suggestedFilenames
                """)
        #expect(rewritten.changes.map(\.line) == [1, 2])
        #expect(rewritten.changes.first?.description == ".suggestedFilename replaced by ._nsesimSuggestedFilename")
        #expect(SuggestedFilenameRewrite.declaresOwn("struct Download { var suggestedFilename: String }"))
        #expect(!SuggestedFilenameRewrite.declaresOwn("let x = r.suggestedFilename"))
    }

    @Test(
        "Only a member named suggestedFilename turns the rewrite off: a local `let suggestedFilename = response.suggestedFilename` (Iterable's SDK) does not"
    )
    func ownMember() {
        // Iterable's SDK as shipped: a local of the member's name inside a closure of a method.
        let iterable = """
            @objc open class ITBNotificationServiceExtension: UNNotificationServiceExtension {
                private func retrieveAttachment(from url: URL) {
                    URLSession.shared.downloadTask(with: url) { location, response, error in
                        guard let location = location, let response = response else { return }
                        let suggestedFilename = response.suggestedFilename ?? "attachment"
                        if true { var suggestedFilename = suggestedFilename; suggestedFilename += "" }
                    }.resume()
                }
                var attachmentName: String { let suggestedFilename = "x"; return suggestedFilename }
            }
            let suggestedFilename = "global"
            """
        #expect(!SuggestedFilenameRewrite.declaresOwn(iterable))
        #expect(SuggestedFilenameRewrite.rewrite(iterable).text.contains("let suggestedFilename = response._nsesimSuggestedFilename"))
        // Members of a type, a protocol, an extension or an enum do count.
        #expect(
            SuggestedFilenameRewrite.declaresOwn("final class Download: NSObject {\n    private(set) var suggestedFilename: String?\n}"))
        #expect(SuggestedFilenameRewrite.declaresOwn("protocol Named { var suggestedFilename: String { get } }"))
        #expect(SuggestedFilenameRewrite.declaresOwn("extension Attachment {\n    func suggestedFilename() -> String { \"a\" }\n}"))
        #expect(SuggestedFilenameRewrite.declaresOwn("enum Field: String { case title, body\n case suggestedFilename }"))
        #expect(
            !SuggestedFilenameRewrite.declaresOwn("struct A { // let suggestedFilename: String\n let text = \"var suggestedFilename\" }"))
    }
}
