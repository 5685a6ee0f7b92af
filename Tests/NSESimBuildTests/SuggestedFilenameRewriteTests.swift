@testable import NSESimBuild
import Testing

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
        #expect(rewritten.text == """
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
}
