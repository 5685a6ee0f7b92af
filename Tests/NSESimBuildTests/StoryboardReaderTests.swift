import Foundation
import NSESimPayload
import NSESimRuntime
import NSESimTestSupport
import Testing

@testable import NSESimBuild

/// `Fixtures/storyboards/NAME.storyboard`.
private func storyboardFixture(_ name: String) -> URL {
    repositoryRoot.appendingPathComponent("Fixtures/storyboards/\(name).storyboard")
}

/// Reads a fixture.
private func readFixture(_ name: String) throws -> StoryboardInterface {
    try StoryboardReader.read(contentsOf: storyboardFixture(name))
}

/// The error reading `data` throws, or nil when it reads.
private func readError(_ data: Data, path: String = "MainInterface.storyboard") -> StoryboardError? {
    do {
        _ = try StoryboardReader.read(data: data, path: path)
        return nil
    } catch {
        return error
    }
}

/// The error reading a fixture throws, or nil when it reads.
private func storyboardFixtureError(_ name: String) -> StoryboardError? {
    do {
        _ = try StoryboardReader.read(contentsOf: storyboardFixture(name))
        return nil
    } catch {
        return error
    }
}

/// A storyboard around one scene whose view controller (id `vc`) holds `objects` (the view
/// and connections); the view controller starts on line 6.
private func storyboard(_ objects: String, initial: String? = "vc", extraScene: String = "") -> Data {
    Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useSafeAreas="YES"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
            <scenes>
                <scene sceneID="sc1">
                    <objects>
                        <viewController id="vc" customClass="NotificationViewController" customModuleProvider="target" sceneMemberID="viewController">
        \(objects)
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
        \(extraScene)
            </scenes>
        </document>
        """.utf8)
}

/// The subview at `path` (indices) of a view node.
private func subview(_ view: JSONValue?, _ path: Int...) -> JSONValue? {
    var node = view
    for index in path {
        guard let subviews = node?["subviews"]?.arrayValue, index < subviews.count else { return nil }
        node = subviews[index]
    }
    return node
}

/// The constraint with id `id` among `view`'s.
private func constraint(_ view: JSONValue?, _ id: String) -> JSONValue? {
    view?["constraints"]?.arrayValue?.first { $0["id"]?.stringValue == id }
}

@Suite("StoryboardReader")
struct StoryboardReaderTests {
    // MARK: - Fixtures that read

    @Test("Xcode's template: a centred label, its outlet, the safe area")
    func template() throws {
        let interface = try readFixture("Template")
        let json = interface.json
        #expect(json["file"] == .string("Template.storyboard"))
        #expect(
            json["viewController"]
                == .object([
                    "id": .string("M4Y-Lb-cyx"), "customClass": .string("NotificationViewController"), "line": .integer(15),
                ]))
        #expect(interface.viewControllerClass == "NotificationViewController")
        #expect(interface.customModule == nil)
        #expect(interface.outlets == [.init(property: "label", destination: "GcN-lo-r42", line: 40)])
        #expect(
            json["outlets"]
                == .array([
                    .object([
                        "property": .string("label"), "destination": .string("GcN-lo-r42"), "line": .integer(40),
                    ])
                ]))
        #expect(json["actions"] == .array([]))
        #expect(interface.warnings.isEmpty)
        #expect(interface.imageNames.isEmpty)

        let view = json["view"]
        #expect(view?["class"] == .string("UIView"))
        #expect(view?["id"] == .string("S3S-Oj-5AN"))
        #expect(view?["line"] == .integer(16))
        #expect(view?["frame"] == .object(["x": .integer(0), "y": .integer(0), "width": .integer(320), "height": .integer(37)]))
        #expect(view?["autoresizingMask"] == .object(["widthSizable": .bool(true), "heightSizable": .bool(true)]))
        #expect(
            view?["backgroundColor"]
                == .object([
                    "rgba": .array([
                        .double(0.45882353186607361), .double(0.74901962280273438), .double(0.66666668653488159), .integer(1),
                    ])
                ]))
        #expect(view?["layoutGuides"] == .array([.object(["id": .string("2BE-c3-nQJ"), "key": .string("safeArea")])]))
        #expect(view?["translatesAutoresizingMaskIntoConstraints"] == nil)

        let label = subview(view, 0)
        #expect(label?["class"] == .string("UILabel"))
        #expect(label?["id"] == .string("GcN-lo-r42"))
        #expect(label?["line"] == .integer(20))
        #expect(label?["text"] == .string("Hello World"))
        #expect(label?["textAlignment"] == .string("center"))
        #expect(label?["font"] == .object(["system": .integer(17), "weight": .string("regular")]))
        #expect(label?["textColor"] == .object(["system": .string("darkTextColor")]))
        #expect(label?["translatesAutoresizingMaskIntoConstraints"] == .bool(false))
        #expect(label?["userInteractionEnabled"] == .bool(false))
        #expect(label?["numberOfLines"] == nil)
        #expect(label?["frame"]?["x"]?.numberValue == 115.66666666666669)

        #expect(view?["constraints"]?.arrayValue?.count == 4)
        #expect(
            constraint(view, "0Ws-Ne-3bF")
                == .object([
                    "id": .string("0Ws-Ne-3bF"), "line": .integer(30),
                    "firstItem": .string("GcN-lo-r42"), "firstAttribute": .string("centerX"), "relation": .string("equal"),
                    "secondItem": .string("2BE-c3-nQJ"), "secondAttribute": .string("centerX"),
                    "multiplier": .integer(1), "constant": .integer(0), "priority": .integer(1000),
                ]))
        let leading = constraint(view, "Tqb-KA-b0L")
        #expect(leading?["relation"] == .string("greaterThanOrEqual"))
        #expect(leading?["constant"] == .integer(8))
        #expect(leading?["line"] == .integer(32))
    }

    @Test("The article: a stack view of an image card and three labels, pinned to the safe area")
    func article() throws {
        let interface = try readFixture("Article")
        let json = interface.json
        #expect(interface.viewControllerClass == "NotificationViewController")
        #expect(interface.customModule == "ArticleContent")
        #expect(json["viewController"]?["customModule"] == .string("ArticleContent"))
        #expect(interface.warnings.isEmpty)
        #expect(interface.imageNames == ["article-placeholder"])
        #expect(interface.outlets.map(\.property) == ["bodyLabel", "imageView", "subtitleLabel", "titleLabel"])
        #expect(interface.outlets.map(\.line) == [80, 81, 82, 83])
        #expect(interface.outlets.map(\.destination) == ["bDy-eF-5zS", "hXa-2D-pQm", "sBt-cD-4yR", "tTl-aB-9xQ"])

        let view = json["view"]
        #expect(
            view?["backgroundColor"]
                == .object([
                    "rgba": .array([
                        .double(0.96862745098039216), .double(0.96470588235294119), .double(0.94901960784313721), .integer(1),
                    ])
                ]))
        #expect(view?["layoutGuides"] == .array([.object(["id": .string("vDu-zF-Fre"), "key": .string("safeArea")])]))
        // Pinned to the safe area with 16 pt insets; the bottom at priority 999.
        for (id, first, attribute) in [
            ("St1-Tp-6hA", "Qf3-uS-7Ld", "top"), ("St2-Ld-6hB", "Qf3-uS-7Ld", "leading"),
            ("St3-Tr-6hC", "vDu-zF-Fre", "trailing"), ("St4-Bt-6hD", "vDu-zF-Fre", "bottom"),
        ] {
            let pin = constraint(view, id)
            #expect(pin?["firstItem"] == .string(first))
            #expect(pin?["firstAttribute"] == .string(attribute))
            #expect(pin?["secondAttribute"] == .string(attribute))
            #expect(pin?["constant"] == .integer(16))
        }
        #expect(constraint(view, "St4-Bt-6hD")?["priority"] == .integer(999))
        #expect(constraint(view, "St1-Tp-6hA")?["priority"] == .integer(1000))

        let stack = subview(view, 0)
        #expect(stack?["class"] == .string("UIStackView"))
        #expect(stack?["axis"] == .string("vertical"))
        #expect(stack?["spacing"] == .integer(8))
        #expect(stack?["line"] == .integer(20))
        #expect(stack?["subviews"]?.arrayValue?.compactMap { $0["class"]?.stringValue } == ["UIView", "UILabel", "UILabel", "UILabel"])

        let card = subview(view, 0, 0)
        #expect(card?["cornerRadius"] == .integer(12))
        #expect(card?["clipsToBounds"] == .bool(true))
        #expect(card?["backgroundColor"] == .object(["system": .string("secondarySystemBackgroundColor")]))
        let aspect = constraint(card, "aSp-R4-t1o")
        #expect(aspect?["firstItem"] == nil)  // the card itself
        #expect(aspect?["firstAttribute"] == .string("width"))
        #expect(aspect?["secondItem"] == .string("cRd-8k-Wn2"))
        #expect(aspect?["secondAttribute"] == .string("height"))
        #expect(abs((aspect?["multiplier"]?.numberValue ?? 0) - 16.0 / 9.0) < 1e-12)
        #expect(constraint(card, "Im4-Bt-0dd")?["secondItem"] == .string("hXa-2D-pQm"))

        let image = subview(view, 0, 0, 0)
        #expect(image?["class"] == .string("UIImageView"))
        #expect(image?["image"] == .string("article-placeholder"))
        #expect(image?["contentMode"] == .string("scaleAspectFill"))
        #expect(image?["clipsToBounds"] == .bool(true))

        let title = subview(view, 0, 1)
        #expect(title?["text"] == .string("Title"))
        #expect(title?["font"] == .object(["system": .integer(20), "weight": .string("bold")]))
        #expect(title?["textColor"] == .object(["system": .string("labelColor")]))
        #expect(title?["numberOfLines"] == .integer(2))
        let subtitle = subview(view, 0, 2)
        #expect(subtitle?["font"] == .object(["textStyle": .string("UICTFontTextStyleSubhead")]))
        #expect(subtitle?["textColor"] == .object(["system": .string("systemGrayColor")]))
        let body = subview(view, 0, 3)
        #expect(body?["numberOfLines"] == .integer(0))
        #expect(body?["text"]?.stringValue?.contains("needs.\nThe extension") == true)
        #expect(body?["textColor"] == .object(["rgba": .array([.double(0.2), .double(0.2), .double(0.2), .integer(1)])]))
        #expect(body?["font"] == .object(["system": .integer(15), "weight": .string("regular")]))
        #expect(body?["textAlignment"] == .string("natural"))
    }

    @Test("The JSON survives its own text (what nsesim sends the extension)")
    func jsonRoundTrip() throws {
        for name in ["Template", "Article", "Player", "Unsupported"] {
            let json = try readFixture(name).json
            #expect(try JSONValue.parse(json.serialized()) == json, "\(name)")
        }
    }

    @Test("An Xcode 8 storyboard: top and bottom layout guides, buttons, an action, named and italic fonts")
    func player() throws {
        let interface = try readFixture("Player")
        let json = interface.json
        #expect(json["viewController"]?["title"] == .string("Now Playing"))
        #expect(interface.viewControllerClass == "PlayerViewController")
        #expect(interface.customModule == "PlayerContent")
        #expect(
            json["actions"]
                == .array([
                    .object([
                        "selector": .string("playTapped:"), "source": .string("Ply-3d-Bt1"), "event": .string("touchUpInside"),
                        "line": .integer(39),
                    ])
                ]))
        #expect(interface.imageNames == ["artwork", "play", "pause"])
        let view = json["view"]
        #expect(
            view?["layoutGuides"]
                == .array([
                    .object(["id": .string("Ft6-oW-KC0"), "key": .string("topLayoutGuide")]),
                    .object(["id": .string("FKl-LY-JtV"), "key": .string("bottomLayoutGuide")]),
                ]))
        #expect(constraint(view, "C01-Tp-Ar1")?["secondItem"] == .string("Ft6-oW-KC0"))
        #expect(constraint(view, "C02-Ld-Ar2")?["secondAttribute"] == .string("leadingMargin"))
        #expect(constraint(view, "C06-Tr-Tr3")?["firstAttribute"] == .string("trailingMargin"))
        #expect(constraint(view, "C08-Cy-Pl2")?["constant"] == .integer(-6))
        #expect(constraint(view, "C09-Bl-Lk1")?["firstAttribute"] == .string("lastBaseline"))
        #expect(constraint(view, "C10-Wd-Lk2")?["multiplier"] == .double(0.5))
        #expect(constraint(view, "C10-Wd-Lk2")?["priority"] == .integer(750))
        #expect(constraint(subview(view, 0), "Asp-1b-Sq1")?["multiplier"] == .integer(1))

        let track = subview(view, 1)
        #expect(track?["font"] == .object(["name": .string("AvenirNext-DemiBold"), "size": .integer(16)]))
        #expect(track?["textColor"] == .object(["system": .string("darkTextColor")]))
        let play = subview(view, 2)
        #expect(play?["class"] == .string("UIButton"))
        #expect(play?["buttonType"] == .string("custom"))
        #expect(play?["image"] == .string("play"))
        #expect(play?["title"] == nil)
        let like = subview(view, 3)
        #expect(like?["buttonType"] == .string("system"))
        #expect(like?["title"] == .string("Like"))
        #expect(
            like?["titleColor"]
                == .object([
                    "rgba": .array([
                        .integer(1), .double(0.23137254901960785), .double(0.18823529411764706), .integer(1),
                    ])
                ]))
        #expect(like?["font"] == .object(["system": .integer(15), "weight": .string("regular"), "italic": .bool(true)]))
        let overlay = subview(view, 4)
        #expect(overlay?["customClass"] == .string("OverlayView"))
        #expect(overlay?["hidden"] == .bool(true))
        #expect(overlay?["alpha"] == .double(0.5))
        #expect(overlay?["tag"] == .integer(3))
        #expect(overlay?["clipsToBounds"] == .bool(true))
        #expect(overlay?["backgroundColor"] == .object(["rgba": .array([.integer(0), .integer(0), .integer(0), .integer(1)])]))
        #expect(
            interface.warnings == [
                "\(storyboardFixture("Player").path):54: warning: the user-defined runtime attribute \"layer.borderWidth\" of "
                    + "\"Ovl-6g-Vw1\" is not applied (nsesim applies layer.cornerRadius and layer.masksToBounds)"
            ])
    }

    @Test("Elements nsesim does not draw become plain views, with a warning naming each and its line")
    func unsupported() throws {
        let interface = try readFixture("Unsupported")
        let path = storyboardFixture("Unsupported").path
        #expect(interface.warnings.count == 4)
        #expect(
            interface.warnings.contains {
                $0.hasPrefix("\(path):20: warning: <tableView> \"Tbl-9v-Xq1\" (UITableView) is drawn as a plain UIView")
            })
        #expect(
            interface.warnings.contains {
                $0.hasPrefix("\(path):37: warning: <switch> \"Swt-2b-On1\" (UISwitch) is drawn as a plain UIView")
            })
        #expect(
            interface.warnings.contains { $0.hasPrefix("\(path):43: warning: <textView> \"Txt-7c-Vw1\" is drawn as a multi-line UILabel") })
        #expect(interface.warnings.contains { $0.hasPrefix("\(path):34: warning: the outlet \"dataSource\" of <tableView>") })

        let view = interface.json["view"]
        let table = subview(view, 0)
        #expect(table?["class"] == .string("UIView"))
        #expect(table?["frame"]?["height"] == .integer(120))
        #expect(table?["backgroundColor"] == .object(["system": .string("systemBackgroundColor")]))
        #expect(table?["subviews"] == nil)  // the prototype cells are not views of the interface
        #expect(subview(view, 1)?["class"] == .string("UIView"))
        let text = subview(view, 2)
        #expect(text?["class"] == .string("UILabel"))
        #expect(text?["text"] == .string("Read-only notes"))
        #expect(text?["numberOfLines"] == .integer(0))
        #expect(text?["font"] == .object(["system": .integer(14), "weight": .string("regular")]))
        #expect(interface.json["actions"]?.arrayValue?.first?["event"] == .string("valueChanged"))
        #expect(interface.outlets == [.init(property: "tableView", destination: "Tbl-9v-Xq1", line: 61)])
    }

    @Test("A visual effect view's content view, an attributed label, a text view's <string key=\"text\">")
    func containersAndTexts() throws {
        let data = storyboard(
            """
            <view key="view" id="root">
                <subviews>
                    <visualEffectView opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="fx">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                        <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="fxc">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                            <subviews>
                                <label text="On blur" id="fxl"/>
                            </subviews>
                        </view>
                        <blurEffect style="systemMaterial"/>
                    </visualEffectView>
                    <label id="att">
                        <attributedString key="attributedText">
                            <fragment content="Bold ">
                                <attributes><font key="NSFont" metaFont="system" size="17"/></attributes>
                            </fragment>
                            <fragment content="and plain"/>
                        </attributedString>
                    </label>
                    <textView editable="NO" id="tv">
                        <string key="text">First line&#10;Second line</string>
                    </textView>
                </subviews>
            </view>
            """)
        let interface = try StoryboardReader.read(data: data, path: "Texts.storyboard")
        let view = interface.json["view"]
        let effect = subview(view, 0)
        #expect(effect?["class"] == .string("UIView"))
        #expect(subview(view, 0, 0)?["id"] == .string("fxc"))
        #expect(subview(view, 0, 0, 0)?["text"] == .string("On blur"))
        #expect(subview(view, 1)?["text"] == .string("Bold and plain"))
        #expect(subview(view, 2)?["text"] == .string("First line\nSecond line"))
        #expect(subview(view, 2)?["class"] == .string("UILabel"))
        #expect(interface.warnings.count == 3)
        #expect(interface.warnings.first?.hasPrefix("Texts.storyboard:9: warning: <visualEffectView> \"fx\" (UIVisualEffectView)") == true)
        #expect(interface.warnings.contains { $0.contains("the attributed text of \"att\" is drawn as plain text") })
    }

    @Test("Colours: white, asset catalog names, Display P3 as sRGB; nil colours are absent")
    func colours() throws {
        let data = storyboard(
            """
            <view key="view" id="root">
                <subviews>
                    <label text="a" id="l1"><color key="textColor" name="AccentColor"/><color key="backgroundColor" white="0.3" alpha="0.5" colorSpace="calibratedWhite"/></label>
                    <label text="b" id="l2"><nil key="textColor"/><color key="tintColor" red="0.5" green="0.25" blue="1" alpha="1" colorSpace="custom" customColorSpace="displayP3"/></label>
                </subviews>
            </view>
            """)
        let interface = try StoryboardReader.read(data: data, path: "Colours.storyboard")
        let first = subview(interface.json["view"], 0)
        #expect(first?["textColor"] == .object(["named": .string("AccentColor")]))
        #expect(first?["backgroundColor"] == .object(["rgba": .array([.double(0.3), .double(0.3), .double(0.3), .double(0.5)])]))
        let second = subview(interface.json["view"], 1)
        #expect(second?["textColor"] == nil)
        // Display P3 (0.5, 0.25, 1) in sRGB.
        let tint = second?["tintColor"]?["rgba"]?.arrayValue?.compactMap(\.numberValue) ?? []
        #expect(tint.count == 4)
        for (value, expected) in zip(tint, [0.537831792634201, 0.23213193059468423, 1, 1]) {
            #expect(abs(value - expected) < 1e-9)
        }
        #expect(interface.warnings.isEmpty)
    }

    @Test("Xcode 13 buttons: the title, colour and image of <buttonConfiguration>; SF Symbols are not bundle images")
    func configuredButton() throws {
        let data = storyboard(
            """
            <view key="view" id="root">
                <subviews>
                    <button buttonType="system" id="b1">
                        <state key="normal" title="Button"/>
                        <buttonConfiguration key="configuration" style="filled" title="Open">
                            <imageReference key="image" image="arrow.up.right" catalog="system"/>
                            <fontDescription key="titleFontDescription" type="boldSystem" pointSize="18"/>
                            <color key="baseForegroundColor" systemColor="systemBlueColor"/>
                        </buttonConfiguration>
                    </button>
                    <imageView image="logo" id="i1"/>
                </subviews>
            </view>
            """)
        let interface = try StoryboardReader.read(data: data, path: "Buttons.storyboard")
        let button = subview(interface.json["view"], 0)
        #expect(button?["title"] == .string("Button"))  // the normal state's title comes first
        #expect(button?["titleColor"] == .object(["system": .string("systemBlueColor")]))
        #expect(button?["image"] == .string("arrow.up.right"))
        #expect(button?["font"] == .object(["system": .integer(18), "weight": .string("bold")]))
        #expect(interface.imageNames == ["logo"])
        #expect(interface.warnings.count == 1)
        #expect(interface.warnings.first?.contains("SF Symbol \"arrow.up.right\"") == true)
    }

    // MARK: - Errors

    @Test("Broken XML: the line and column of the first error, and the fix")
    func brokenXML() throws {
        let error = try #require(storyboardFixtureError("Broken"))
        guard case .notXML(let path, let line, _, let message) = error else {
            Issue.record("expected notXML, got \(error)")
            return
        }
        #expect(path == storyboardFixture("Broken").path)
        #expect(line == 20)  // the merge conflict's <<<<<<< HEAD
        #expect(message.contains("XMLParser error 68"))
        #expect(error.description.hasPrefix("\(path):20:"))
        #expect(error.description.contains(": error: the storyboard is not well-formed XML (a < not followed by an element name"))
        #expect(error.description.contains("open and save the storyboard again in Xcode"))
    }

    @Test("A truncated file, an empty file, text that is not XML")
    func notXML() {
        let article = (try? Data(contentsOf: storyboardFixture("Article"))) ?? Data()
        let cut = article.prefix(article.count / 2)
        let truncated = readError(Data(cut))
        #expect(truncated?.line == String(decoding: cut, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(truncated?.description.contains("the file ends before") == true)
        #expect(
            readError(Data())?.description == "MainInterface.storyboard:1:1: error: the storyboard is not well-formed XML "
                + "(the file is empty); fix the XML at that line, or open and save the storyboard again in Xcode (or restore "
                + "it with git checkout)")
        if case .notXML = readError(Data("{\"json\": true}".utf8)) {} else { Issue.record("JSON text is not XML") }
        // A byte that is not UTF-8 in an attribute name (FoundationXML crashes on it).
        var latin1 = article
        let at = latin1.range(of: Data("minToolsVersion".utf8))?.lowerBound ?? 0
        latin1[at + 1] = 0xE9
        let encoding = readError(latin1)
        #expect(encoding?.line == 7)
        #expect(
            encoding?.description.hasPrefix(
                "MainInterface.storyboard:7:53: error: the storyboard is not well-formed XML (bytes that are not UTF-8") == true)
        #expect(encoding?.description.contains("bytes that are not UTF-8") == true)
    }

    @Test("Views nested 100 deep read; elements nested past 256 are refused, not a stack overflow")
    func deepNesting() throws {
        func nested(_ depth: Int) -> Data {
            storyboard(
                "<view key=\"view\" id=\"root\">" + String(repeating: "<subviews><view id=\"v\">", count: depth)
                    + String(repeating: "</view></subviews>", count: depth) + "</view>")
        }
        var view = try StoryboardReader.read(data: nested(100), path: "Deep.storyboard").json["view"]
        var depth = 0
        while let next = subview(view, 0) {
            view = next
            depth += 1
        }
        #expect(depth == 100)
        for depth in [300, 20000] {
            let error = readError(nested(depth))
            #expect(error?.line == 7)
            #expect(error?.description.contains("elements nested more than 256 deep") == true)
        }
    }

    @Test("Not an iOS storyboard: a property list, a macOS storyboard, a xib")
    func notAStoryboard() {
        let plist = readError(Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>".utf8))
        #expect(plist == .notAStoryboard(path: "MainInterface.storyboard", line: 2, column: 1, found: "the document element is <plist>"))
        #expect(
            plist?.description.hasPrefix("MainInterface.storyboard:2:1: error: not an iOS storyboard: the document element is <plist>")
                == true)
        let mac = readError(Data("<document type=\"com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB\"><scenes/></document>".utf8))
        #expect(mac?.description.contains("(a macOS storyboard)") == true)
        let xib = readError(Data("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>".utf8))
        if case .notAStoryboard = xib {} else { Issue.record("a xib is not a storyboard: \(String(describing: xib))") }
    }

    @Test("Two scenes and no initial view controller: the error names both")
    func noInitial() throws {
        let error = try #require(storyboardFixtureError("NoInitial"))
        guard case .ambiguousInitialViewController(_, let line, _, let candidates) = error else {
            Issue.record("expected ambiguousInitialViewController, got \(error)")
            return
        }
        #expect(line == 2)
        #expect(candidates == ["\"M4Y-Lb-cyx\" (NotificationViewController, line 15)", "\"Dvc-7q-Kp3\" (DetailViewController, line 50)"])
        #expect(error.description.contains("NoInitial.storyboard:2:"))
        #expect(error.description.contains("tick \"Is Initial View Controller\""))
    }

    @Test("One scene without initialViewController is the initial one")
    func onlyScene() throws {
        let interface = try StoryboardReader.read(
            data: storyboard("<view key=\"view\" id=\"root\"/>", initial: nil), path: "One.storyboard")
        #expect(interface.json["viewController"]?["id"] == .string("vc"))
    }

    @Test("An outlet to an id that is not in the scene")
    func badOutlet() throws {
        let error = try #require(storyboardFixtureError("BadOutlet"))
        guard case .unknownReference(_, let line, _, let what, let id) = error else {
            Issue.record("expected unknownReference, got \(error)")
            return
        }
        #expect(line == 41)
        #expect(id == "dTl-8x-Gone")
        #expect(what == "outlet \"detailLabel\" (destination)")
        #expect(error.description.contains("BadOutlet.storyboard:41:"))
        #expect(error.description.contains("refers to id \"dTl-8x-Gone\", which is not in the view controller's scene"))
    }

    @Test("A constraint or an action naming an id that is not in the scene")
    func badReferences() {
        let constraintError = readError(
            storyboard(
                """
                <view key="view" id="root">
                    <constraints>
                        <constraint firstItem="root" firstAttribute="width" secondItem="gone" secondAttribute="height" id="c1"/>
                    </constraints>
                </view>
                """))
        #expect(
            constraintError
                == .unknownReference(
                    path: "MainInterface.storyboard", line: 9, column: 9,
                    what: "constraint \"c1\" (secondItem)", id: "gone"))
        let actionError = readError(
            storyboard(
                """
                <view key="view" id="root">
                    <subviews>
                        <button id="b1"><connections><action selector="tap:" destination="elsewhere" eventType="touchUpInside" id="a1"/></connections></button>
                    </subviews>
                </view>
                """))
        #expect(actionError?.line == 9)
        #expect(actionError?.description.contains("action \"tap:\" (destination) refers to id \"elsewhere\"") == true)
    }

    @Test("No view controller; an initialViewController that names none; a view controller without a view")
    func scenes() {
        let none = readError(
            Data(
                """
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
                    <scenes/>
                </document>
                """.utf8))
        #expect(none == .noViewController(path: "MainInterface.storyboard", line: 2, column: 5))
        #expect(none?.description.contains("the storyboard has no view controller") == true)

        let missing = readError(storyboard("<view key=\"view\" id=\"root\"/>", initial: "nope"))
        guard case .initialViewControllerNotFound(_, let line, _, let id, let available) = missing else {
            Issue.record("expected initialViewControllerNotFound, got \(String(describing: missing))")
            return
        }
        #expect(line == 2)
        #expect(id == "nope")
        #expect(available == ["\"vc\" (NotificationViewController, line 6)"])

        let noView = readError(storyboard("<connections/>"))
        #expect(noView?.line == 6)
        #expect(noView?.description.contains("the view controller \"vc\" (NotificationViewController) has no view") == true)
    }

    @Test("Attributes that must be numbers")
    func badNumbers() {
        let width = readError(
            storyboard(
                """
                <view key="view" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="wide" height="37"/>
                </view>
                """))
        #expect(
            width == .badNumber(path: "MainInterface.storyboard", line: 8, column: 5, element: "rect", attribute: "width", value: "wide"))
        #expect(width?.description.hasPrefix("MainInterface.storyboard:8:5: error: <rect> width=\"wide\" is not a number") == true)
        let ratio = readError(
            storyboard(
                """
                <view key="view" id="root">
                    <constraints><constraint firstAttribute="width" secondItem="root" secondAttribute="height" multiplier="16:0" id="c1"/></constraints>
                </view>
                """))
        #expect(ratio?.description.contains("multiplier=\"16:0\" is not a number; write a number (\"0.5\" or a ratio \"16:9\")") == true)
        for bad in ["nan", "inf", "1e999", "0x10", ""] {
            let error = readError(storyboard("<view key=\"view\" alpha=\"\(bad)\" id=\"root\"/>"))
            if case .badNumber(_, _, _, _, "alpha", bad) = error {} else { Issue.record("alpha=\"\(bad)\": \(String(describing: error))") }
        }
    }

    @Test("A file that cannot be read")
    func unreadable() {
        let url = storyboardFixture("Missing")
        do {
            _ = try StoryboardReader.read(contentsOf: url)
            Issue.record("read a missing file")
        } catch {
            #expect(error == .unreadable(path: url.path, reason: "no such file"))
            #expect(error.description.contains("NSExtensionMainStoryboard"))
        }
    }

    // MARK: - Finding the storyboard

    @Test("locate: NAME.storyboard, then Base.lproj, then another .lproj")
    func locate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storyboard-locate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        #expect(StoryboardReader.locate(name: "MainInterface", in: folder) == nil)

        let french = folder.appendingPathComponent("fr.lproj/MainInterface.storyboard")
        try Data().write(to: french)
        #expect(StoryboardReader.locate(name: "MainInterface", in: folder)?.path == french.path)

        try manager.createDirectory(at: folder.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        let base = folder.appendingPathComponent("Base.lproj/MainInterface.storyboard")
        try Data().write(to: base)
        #expect(StoryboardReader.locate(name: "MainInterface", in: folder)?.path == base.path)
        #expect(StoryboardReader.locate(name: "MainInterface.storyboard", in: folder)?.path == base.path)

        let direct = folder.appendingPathComponent("MainInterface.storyboard")
        try Data().write(to: direct)
        #expect(StoryboardReader.locate(name: "MainInterface", in: folder)?.path == direct.path)
        #expect(StoryboardReader.locate(name: "Other", in: folder) == nil)
    }

    // MARK: - Robustness

    @Test("200 damaged copies of Article.storyboard: each reads or throws a StoryboardError, never crashes")
    func damagedCopies() throws {
        let original = Array(try Data(contentsOf: storyboardFixture("Article")))
        var random = SplitMix64(seed: 15)
        var read = 0
        var failed = 0
        let noise = Array("<>\"=/&;:-.0123456789abcXYZ \n".utf8) + [0x00, 0xC3, 0xE9, 0xFF]
        for round in 0..<200 {
            var bytes = original
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let at = Int(random.next() % UInt64(max(bytes.count, 1)))
                switch random.next() % 6 {
                case 0: bytes = Array(bytes.prefix(at))  // truncated
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 200)))  // a piece deleted
                case 2: if !bytes.isEmpty { bytes[min(at, bytes.count - 1)] = noise[Int(random.next() % UInt64(noise.count))] }
                case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int(random.next() % 300))], at: at)  // duplicated
                case 4:  // an attribute value replaced
                    let text = String(decoding: bytes, as: UTF8.self)
                    let values = ["x", "", "-1", "1e400", "16:0", "YES", "&amp;", "M4Y-Lb-cyx", "nope"]
                    let quoted = text.components(separatedBy: "=\"")
                    guard quoted.count > 2 else { continue }
                    var parts = quoted
                    let index = 1 + Int(random.next() % UInt64(parts.count - 1))
                    if let end = parts[index].firstIndex(of: "\"") {
                        parts[index] = values[Int(random.next() % UInt64(values.count))] + parts[index][end...]
                    }
                    bytes = Array(parts.joined(separator: "=\"").utf8)
                default:  // a line removed
                    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    if !lines.isEmpty { lines.remove(at: Int(random.next() % UInt64(lines.count))) }
                    bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
                }
            }
            do {
                let interface = try StoryboardReader.read(data: Data(bytes), path: "Article.storyboard")
                #expect(interface.json["view"] != nil, "round \(round)")
                read += 1
            } catch {
                #expect(error.path == "Article.storyboard", "round \(round)")
                #expect(error.description.hasPrefix("Article.storyboard:"), "round \(round)")
                #expect(error.description.contains(": error: "), "round \(round)")
                failed += 1
            }
        }
        #expect(read + failed == 200)
        #expect(read > 0)
        #expect(failed > 0)
    }
}
