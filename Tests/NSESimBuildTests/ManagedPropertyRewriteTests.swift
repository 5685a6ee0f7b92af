import Foundation
import NSESimTestSupport
import Testing

@testable import NSESimBuild

@Suite("@NSManaged in the build copy: accessors on the same line, lines and columns kept; Xcode's codegen from the model")
struct ManagedPropertyRewriteTests {
    @Test("Properties get accessors after their type, before a comment; functions an empty body; strings are left alone")
    func properties() {
        let source = """
            extension Conversation {
                @NSManaged public var title: String? // shown as the title
                @NSManaged public var unreadCount: Int32
                @objc(addMessagesObject:)
                @NSManaged public func addToMessages(_ value: Message)
                let note = "@NSManaged var x: Int"
            }
            """
        let (text, changes) = ManagedPropertyRewrite.rewrite(source)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(
            lines[1] == "               public var title: String? { get { _nsesimManagedValue(forKey: \"title\") } "
                + "set { _nsesimSetManagedValue(newValue, forKey: \"title\") } } // shown as the title")
        #expect(lines[2].hasPrefix("               public var unreadCount: Int32 { get { _nsesimManagedValue(forKey: \"unreadCount\") }"))
        #expect(
            lines[4]
                == "               public func addToMessages(_ value: Message) { _nsesimRelationshipAccessor(\"addToMessages\", value) }")
        #expect(lines[5] == "    let note = \"@NSManaged var x: Int\"")
        #expect(changes.map(\.line) == [2, 3, 5])
        #expect(changes.first?.description == "@NSManaged var title replaced by a property over the object's values")
    }

    @Test(
        "Class Definition entities become classes with fetchRequest() and properties; Category/Extension only the extension; Manual/None nothing"
    )
    func codegen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nsesim-codegen-\(UUID().uuidString)/Model.xcdatamodeld/Model.xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent().deletingLastPathComponent()) }
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Item" representedClassName="Item" syncable="YES" codeGenerationType="class">
                    <attribute name="name" optional="YES" attributeType="String"/>
                    <attribute name="count" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                    <attribute name="price" optional="YES" attributeType="Double" usesScalarValueType="NO"/>
                </entity>
                <entity name="Tag" representedClassName=".Tag" syncable="YES" codeGenerationType="category">
                    <attribute name="label" optional="YES" attributeType="String"/>
                </entity>
                <entity name="Legacy" representedClassName="Legacy" syncable="YES">
                    <attribute name="x" optional="YES" attributeType="String"/>
                </entity>
            </model>
            """.utf8
        ).write(to: folder.appendingPathComponent("contents"))
        let source = try #require(try CoreDataModels.generatedSource(for: [folder.deletingLastPathComponent()]))
        #expect(source.contains("public class Item: NSManagedObject {}"))
        #expect(
            source.contains(
                "@nonobjc public class func fetchRequest() -> NSFetchRequest<Item> { NSFetchRequest<Item>(entityName: \"Item\") }"))
        #expect(source.contains("public var count: Int16 {") && source.contains("public var price: NSNumber? {"))
        #expect(
            !source.contains("public class Tag") && source.contains("extension Tag {") && source.contains("public var label: String? {"))
        #expect(!source.contains("Legacy"))
        #expect(
            CoreDataModels.split([folder.appendingPathComponent("contents"), URL(fileURLWithPath: "/x/a.png")]).models.map(
                \.lastPathComponent)
                == ["Model.xcdatamodeld"])
    }

    @Test("A model whose XML is damaged fails the build, naming the file and the place")
    func damagedModel() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-badmodel-\(UUID().uuidString)")
        let version = root.appendingPathComponent("Model.xcdatamodeld/Model.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("<model><entity name=\"Item\"><attribute name=\"x\" attributeType=\"String\"></model>".utf8)
            .write(to: version.appendingPathComponent("contents"))
        #expect(throws: ExtensionError.self) {
            try CoreDataModels.compile([version.deletingLastPathComponent()], into: root, relativeTo: try Self.folder(root))
        }
        do {
            _ = try CoreDataModels.generatedSource(for: [version.deletingLastPathComponent()])
            Issue.record("a damaged model generated classes")
        } catch {
            #expect("\(error)".contains("malformed XML") && "\(error)".contains("unexpected </model>"))
        }
    }

    /// An extension folder at `root` (an Info.plist and one source).
    static func folder(_ root: URL) throws -> ExtensionFolder {
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSExtension</key><dict>
            <key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.service</string>
            <key>NSExtensionPrincipalClass</key><string>NotificationService</string></dict></dict></plist>
            """.utf8
        ).write(to: root.appendingPathComponent("Info.plist"))
        try Data("import UserNotifications\n".utf8).write(to: root.appendingPathComponent("S.swift"))
        return try ExtensionFolder(url: root)
    }

    @Test("Key-value coding support leaves NSManagedObject subclasses to CoreData (their conformance is inherited)")
    func managedObjectsKeepCoreDataKeyValueCoding() {
        let source = """
            public class Item: NSManagedObject {
                var isSelected: Bool = false
            }
            final class Plain: NSObject {
                var name: String?
            }
            """
        let (text, changes) = KeyValueCodingSupport.rewrite(source)
        #expect(!text.contains("extension Item:") && text.contains("extension Plain: _NSESimKeyValueSettable"))
        #expect(changes.count == 1)
    }
}
