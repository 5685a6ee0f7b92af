import NSESimTestSupport
import Testing

@testable import NSESimBuild

/// The copy of a source without what needs the Objective-C runtime.
@Suite("Objective-C attributes")
struct ObjCAttributesTests {
    @Test("Attributes and dynamic are blanked out, keeping every line and column")
    func blanked() {
        let source = """
            @objc(NotificationService)
            @objcMembers class A: NSObject {
                @objc dynamic var x = 1
                @IBOutlet weak var label: UILabel!
                @IBAction func tap(_ sender: Any) {}
            }
            """
        let (text, changes) = ObjCAttributes.neutralize(source)
        let lines: [Substring] = text.split(separator: "\n", omittingEmptySubsequences: false)
        let originalLines: [Substring] = source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 6)
        #expect(zip(lines, originalLines).allSatisfy { $0.count == $1.count })
        #expect(lines[1].hasSuffix("class A: NSObject {"))
        #expect(lines[2].trimmingPrefix(while: { $0 == " " }) == "var x = 1")
        #expect(!text.contains("@"))
        #expect(changes.map(\.line) == [1, 2, 3, 3, 4, 5])
        #expect(changes.map(\.removed) == ["@objc(NotificationService)", "@objcMembers", "@objc", "dynamic", "@IBOutlet", "@IBAction"])
    }

    @Test("#selector becomes Selector(\"...\")")
    func selector() {
        let (text, changes) = ObjCAttributes.neutralize("let s = #selector(handle(_:))\nlet t = #selector (getter: A.x)")
        #expect(text == "let s = Selector(\"handle(_:)\")\nlet t = Selector(\"getter: A.x\")")
        #expect(
            changes.map(\.description) == [
                "#selector(handle(_:)) replaced by Selector(\"handle(_:)\")",
                "#selector (getter: A.x) replaced by Selector(\"getter: A.x\")",
            ])
    }

    @Test("Strings, comments and identifiers named dynamic are left alone")
    func leftAlone() {
        let source = """
            let a = "@objc #selector(x) dynamic var"
            // @objc dynamic var y
            /* @objc /* nested */ @objcMembers */
            let b = #"raw "@objc" "#
            let c = \"""
                @objc
                \"""
            let dynamic = 1; let d = Mode.dynamic; let e = dynamic + 1
            @objcExtra func notAnAttributeWeKnow() {}
            """
        let (text, changes) = ObjCAttributes.neutralize(source)
        #expect(text == source)
        #expect(changes.isEmpty)
    }
}
