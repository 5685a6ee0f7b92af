import NSESimTestSupport
import Testing

@testable import NSESimBuild

/// The setters the build copy gives an extension's classes for setValue(_:forKey:).
@Suite("Key-value coding support")
struct KeyValueCodingSupportTests {
    @Test("Stored vars with a written type, top-level classes only; lets, computed, static and nested ones left out")
    func properties() {
        let source = """
            final class Message: NSObject {
                var sender: String
                private var unread: Int = 0 // count
                var nickname: String?
                let id: String
                var summary: String { sender }
                static var shared: Message?
                lazy var cache: [String] = []
                func f() { var local: Int = 1 }
                class Nested { var inner: Int = 0 }
            }
            struct NotAClass { var x: Int }
            """
        let classes = KeyValueCodingSupport.settableClasses(in: source)
        #expect(classes.map(\.name) == ["Message"])
        #expect(classes.first?.properties.map(\.name) == ["sender", "unread", "nickname"])
        #expect(classes.first?.properties.map(\.type) == ["String", "Int", "String?"])
    }

    @Test("The setters are appended: no line of the file moves")
    func appended() {
        let source = "class A: NSObject {\n    var x: Int = 0\n}\n"
        let (text, changes) = KeyValueCodingSupport.rewrite(source)
        #expect(text.hasPrefix(source))
        #expect(text.contains("extension A: _NSESimKeyValueSettable"))
        #expect(text.contains("case \"x\": guard let v = value as? Int else { return false }; self.x = v; return true;"))
        #expect(changes.map(\.line) == [1])
        #expect(KeyValueCodingSupport.rewrite("struct S { var x: Int }").changes.isEmpty)
    }

    @Test("A UIKit view controller's setters conform @preconcurrency (its class is main-actor isolated, as on iOS); a plain class's do not")
    func mainActorClasses() {
        let controller = KeyValueCodingSupport.rewrite(
            "class NotificationViewController: UIViewController, UNNotificationContentExtension {\n    var label: UILabel?\n}\n"
        ).text
        #expect(controller.contains("extension NotificationViewController: @preconcurrency _NSESimKeyValueSettable"))
        let model = KeyValueCodingSupport.rewrite("class Settings: NSObject {\n    var name: String = \"\"\n}\n").text
        #expect(model.contains("extension Settings: _NSESimKeyValueSettable"))
    }
}
