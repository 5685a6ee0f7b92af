import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing

@testable import NSESimRender

/// The picture of an expanded notification: the page's content and, through real
/// headless Chromium, the pixels (decoded with Fixtures/tools/png-stats.py's reader).
@Suite("ExpandedNotification: the expanded notification's page and PNG")
struct ExpandedNotificationRenderTests {
    /// A 40 × 40 solid red (#FF0000) PNG, made once with python3 (zlib + struct).
    static let redPNG =
        "iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAIAAAADnC86AAAALElEQVR42u3NsQkAAAjAsP7/tD4huASyp6kXicVisVgsFovFYrFYLBaLxXcWqvU6G92VM/sAAAAASUVORK5CYII="
    /// A 60 × 30 solid green (#008000) PNG, the same way.
    static let greenPNG =
        "iVBORw0KGgoAAAANSUhEUgAAADwAAAAeCAIAAAD/+uoYAAAAMElEQVR42u3OQQkAAAgAsYtudFP4EAYLsJr+kZaWlpaWlpaWlpaWlpaWlpaWlpa+sjCbhC7OkxnBAAAAAElFTkSuQmCC"

    /// The snapshot: a white root 359 × 200 with a label, the red image view (20, 40, 80 × 80),
    /// a label holding markup, a button, a hidden green view over the top right, and a stack
    /// view at (240, 130) holding a blue 40 × 40 view at (10, 10).
    static let snapshotJSON = """
        {"class": "UIView", "kind": "view", "frame": {"x": 0, "y": 0, "width": 359, "height": 200}, "backgroundColor": "#FFFFFFFF",
         "subviews": [
          {"class": "UILabel", "customClass": "TitleLabel", "kind": "label", "outlet": "label",
           "frame": {"x": 16, "y": 8, "width": 327, "height": 21}, "text": "Hello from the extension",
           "font": {"name": ".SFUI-Semibold", "size": 17, "weight": "semibold"}, "textColor": "#000000FF",
           "numberOfLines": 1, "textAlignment": "center"},
          {"class": "UIImageView", "kind": "imageView", "outlet": "imageView", "frame": {"x": 20, "y": 40, "width": 80, "height": 80},
           "contentMode": "scaleToFill", "cornerRadius": 8, "clipsToBounds": true,
           "image": {"width": 40, "height": 40, "scale": 1, "png": "\(redPNG)"}},
          {"class": "UILabel", "kind": "label", "frame": {"x": 120, "y": 40, "width": 150, "height": 40},
           "text": "<script>alert(1)</script>", "numberOfLines": 0},
          {"class": "UIButton", "kind": "button", "outlet": "playButton", "frame": {"x": 120, "y": 150, "width": 100, "height": 30},
           "title": "Play", "titleColor": "#007AFFFF"},
          {"class": "UIView", "kind": "view", "hidden": true, "frame": {"x": 280, "y": 100, "width": 60, "height": 20},
           "backgroundColor": "#00FF00FF"},
          {"class": "UIStackView", "kind": "stackView", "axis": "vertical", "frame": {"x": 240, "y": 130, "width": 100, "height": 60},
           "subviews": [{"class": "UIView", "kind": "view", "frame": {"x": 10, "y": 10, "width": 40, "height": 40},
                         "backgroundColor": "#0000FFFF"}]}
         ]}
        """

    static let actions = [
        ExpandedNotification.Action(identifier: "like", title: "Like", iconSystemName: "heart"),
        ExpandedNotification.Action(identifier: "reply", title: "Reply", textInput: true),
        ExpandedNotification.Action(identifier: "delete", title: "Delete", destructive: true, iconSystemName: "trash"),
    ]

    static func notification(hidden: Bool = false) throws -> ExpandedNotification {
        ExpandedNotification(
            appName: "Demo", title: "Title from the view controller", subtitle: "A subtitle",
            body: "The body of the notification, shown under the interface unless hidden.",
            defaultContentHidden: hidden, width: 359, height: 200,
            interface: try JSONValue.parse(Data(snapshotJSON.utf8)), actions: actions,
            mediaButton: ExpandedNotification.MediaButton(type: "default", frame: [290, 40, 44, 44], tintColor: "#FF9500FF"))
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test("the page: the label, the image as a data: URL, three actions, the header title, escaping")
    func page() throws {
        let html = try Self.notification().html
        #expect(html.contains("Hello from the extension"))
        #expect(html.contains("data-outlet=\"label\"") && html.contains("data-class=\"UILabel\""))
        #expect(html.contains("data-custom-class=\"TitleLabel\""))
        #expect(html.contains("<img src=\"data:image/png;base64,\(Self.redPNG)\""))
        #expect(Self.count("data-action=", in: html) == 3)
        #expect(html.contains("class=\"action destructive\" data-action=\"delete\""))
        #expect(html.contains("class=\"action text-input\" data-action=\"reply\"") && html.contains("⌨"))
        #expect(html.contains("<div class=\"htitle\" data-part=\"title\">Title from the view controller</div>"))
        #expect(html.contains("DEMO"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("data-part=\"media-button\" data-type=\"default\" data-state=\"play\""))
        #expect(html.contains("display:none"))
        #expect(!html.contains("data-part=\"dismissed\""))
    }

    @Test("the default content is drawn under the interface unless the extension hides it")
    func defaultContent() throws {
        let shown = try Self.notification(hidden: false)
        #expect(shown.html.contains("data-part=\"default-content\""))
        #expect(shown.html.contains("The body of the notification") && shown.html.contains("A subtitle"))
        let hidden = try Self.notification(hidden: true)
        #expect(!hidden.html.contains("data-part=\"default-content\""))
        #expect(!hidden.html.contains("The body of the notification") && !hidden.html.contains("A subtitle"))
        #expect(hidden.html.contains("Title from the view controller"))
        #expect(hidden.pageHeight < shown.pageHeight)
        // header 54 + interface 200 + content 10 + 3 × 20 + 12, margins 24 + 24, actions 8 + 3 × 44
        #expect(hidden.pageHeight == 24 + 54 + 200 + 8 + 132 + 24)
    }

    @Test("dismissed: drawn anyway, with a caption; an overlay media button")
    func dismissedAndOverlay() throws {
        var notification = try Self.notification()
        notification.dismissed = true
        notification.mediaButton = .init(type: "overlay", frame: [0, 0, 359, 200], playing: true)
        let html = notification.html
        #expect(html.contains("data-part=\"dismissed\"") && html.contains(">dismissed</div>"))
        #expect(html.contains("data-type=\"overlay\" data-state=\"pause\"") && html.contains("❚❚"))
        #expect(notification.pageHeight == (try Self.notification()).pageHeight + 28)
        notification.mediaButton = .init(type: "none", frame: [0, 0, 44, 44])
        #expect(!notification.html.contains("data-part=\"media-button\""))
    }

    @Test("no content extension: the attachment image full width, then title, subtitle, body")
    func defaultInterface() throws {
        let notification = ExpandedNotification(
            appName: "Demo", title: "Plain title", subtitle: "Plain subtitle", body: "Plain body",
            defaultContentHidden: true, width: 359, height: 0, interface: nil,
            attachmentImage: Data(base64Encoded: Self.greenPNG), actions: [])
        let html = notification.html
        #expect(html.contains("data-part=\"attachment\""))
        #expect(html.contains("src=\"data:image/png;base64,\(Self.greenPNG)\""))
        #expect(html.contains("Plain title") && html.contains("Plain subtitle") && html.contains("Plain body"))
        #expect(!html.contains("data-action="))
        #expect(notification.layout.interfaceHeight == 180)  // 359 × 30 / 60, rounded
        #expect(notification.pageHeight == 24 + 54 + 180 + 10 + 40 + 12 + 24)
    }

    @Test("image content modes, colours, fonts, lines: UIKit's meaning in CSS")
    func viewProperties() throws {
        func page(_ view: String) throws -> String {
            let root =
                "{\"class\": \"UIView\", \"kind\": \"view\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 300, \"height\": 100}, \"subviews\": [\(view)]}"
            return ExpandedNotification(
                appName: "Demo", title: "T", width: 300, height: 100,
                interface: try JSONValue.parse(Data(root.utf8))
            ).html
        }
        let image = "\"image\": {\"width\": 40, \"height\": 40, \"scale\": 1, \"png\": \"\(Self.redPNG)\"}"
        let frame = "\"frame\": {\"x\": 0, \"y\": 0, \"width\": 100, \"height\": 60}"
        #expect(
            try page("{\"kind\": \"imageView\", \(frame), \"contentMode\": \"scaleAspectFit\", \(image)}").contains("object-fit:contain"))
        #expect(
            try page("{\"kind\": \"imageView\", \(frame), \"contentMode\": \"scaleAspectFill\", \(image)}").contains("object-fit:cover"))
        #expect(try page("{\"kind\": \"imageView\", \(frame), \(image)}").contains("object-fit:fill"))
        #expect(
            try page("{\"kind\": \"imageView\", \(frame), \"contentMode\": \"center\", \(image)}")
                .contains("left:30px;top:10px;width:40px;height:40px"))
        #expect(
            try page("{\"kind\": \"imageView\", \(frame), \"contentMode\": \"bottomRight\", \(image)}")
                .contains("left:60px;top:20px;width:40px;height:40px"))
        let label = try page(
            "{\"kind\": \"label\", \(frame), \"text\": \"x\", \"numberOfLines\": 3, \"alpha\": 0.5, \"textAlignment\": \"right\", \"cornerRadius\": 6, \"clipsToBounds\": true, \"backgroundColor\": \"#FF000080\", \"textColor\": \"bogus\\\"><b>\", \"font\": {\"name\": \"Helvetica-BoldOblique\", \"size\": 20}}"
        )
        #expect(label.contains("-webkit-line-clamp:3") && label.contains("opacity:0.5") && label.contains("text-align:right"))
        #expect(
            label.contains("border-radius:6px") && label.contains("overflow:hidden") && label.contains("background-color:rgba(255,0,0,0.5)")
        )
        #expect(label.contains("font-size:20px;font-weight:700;font-style:italic;font-family:'Helvetica'"))
        #expect(label.contains("color:#000") && !label.contains("<b>"))
        let button = try page("{\"kind\": \"button\", \(frame), \"title\": \"Go\", \"enabled\": false, \"titleColor\": \"#34C759FF\"}")
        #expect(button.contains("<span style=\"color:rgba(52,199,89,1)\">Go</span>") && button.contains("filter:opacity(.35)"))
    }

    // MARK: - Through headless Chromium

    static let chromiumInstalled = (try? run(["sh", "-c", "command -v chromium && command -v python3"]))?.status == 0

    @Test(
        "the PNG: 393 × pageHeight, the red image, the nested blue view and the media button drawn, the hidden view not",
        .enabled(if: chromiumInstalled, "chromium or python3 is not installed: `make deps` installs them"))
    func png() throws {
        let notification = try Self.notification()
        let url = Self.scratch("expanded.png")
        try notification.png(to: url)
        let (width, height) = try Self.size(of: url)
        #expect(width == 393)
        #expect(height == notification.pageHeight)
        let layout = notification.layout
        let origin = (x: layout.platterX, y: ExpandedNotificationLayout.margin + layout.interfaceY)
        func at(_ x: Double, _ y: Double) -> (Int, Int) { (Int(origin.x + x), Int(origin.y + y)) }
        let pixels = try Self.pixels(
            url,
            [
                at(60, 80), at(25, 115), at(95, 45),  // the red image view (80 × 80 from 40 × 40)
                at(270, 160),  // the blue view in the stack view
                at(310, 110),  // under the hidden green view: white
                at(294, 62),  // the orange media button
                at(5, 5),
            ])  // the white root view
        for pixel in pixels[0..<3] { #expect(Self.near(pixel, (255, 0, 0)), "red image: \(pixels)") }
        #expect(Self.near(pixels[3], (0, 0, 255)), "blue view: \(pixels)")
        #expect(Self.near(pixels[4], (255, 255, 255)), "hidden view: \(pixels)")
        #expect(Self.near(pixels[5], (255, 149, 0)), "media button: \(pixels)")
        #expect(Self.near(pixels[6], (255, 255, 255)), "root view: \(pixels)")
    }

    @Test(
        "the PNG without an extension: the attachment drawn full width",
        .enabled(if: chromiumInstalled, "chromium or python3 is not installed: `make deps` installs them"))
    func pngDefaultInterface() throws {
        let notification = ExpandedNotification(
            appName: "Demo", title: "Plain title", subtitle: "", body: "Plain body", width: 359,
            attachmentImage: Data(base64Encoded: Self.greenPNG),
            actions: [ExpandedNotification.Action(identifier: "open", title: "Open")], dismissed: true)
        let url = Self.scratch("expanded-default.png")
        try notification.png(to: url)
        let (width, height) = try Self.size(of: url)
        #expect(width == 393)
        #expect(height == notification.pageHeight)
        let layout = notification.layout
        let top = ExpandedNotificationLayout.margin + layout.interfaceY
        let pixels = try Self.pixels(
            url,
            [
                (Int(layout.platterX) + 3, Int(top + 90)), (196, Int(top + 10)),
                (Int(layout.platterX + 355), Int(top + 170)),
            ])
        for pixel in pixels { #expect(Self.near(pixel, (0, 128, 0)), "attachment: \(pixels)") }
    }

    @Test("a missing browser: an error that says how to install it")
    func missingBrowser() throws {
        let notification = try Self.notification()
        let error = #expect(throws: LockScreenError.self) {
            try notification.png(to: Self.scratch("never.png"), chromium: "no-such-chromium-nsesim")
        }
        #expect(error?.message.contains("install it with `make deps`") == true, "\(String(describing: error))")
    }

    // MARK: - Helpers

    static func scratch(_ name: String) -> URL {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-expanded-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name)
    }

    /// The width and height from the PNG's IHDR chunk.
    static func size(of url: URL) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: url).prefix(24))
        try #require(bytes.count == 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG")
        try #require(Array(bytes[12..<16]) == Array("IHDR".utf8))
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    /// The RGB of the pixels at `points`, decoded by Fixtures/tools/png-stats.py's reader.
    static func pixels(_ url: URL, _ points: [(Int, Int)]) throws -> [(Int, Int, Int)] {
        let script = """
            import importlib.util, json, sys
            spec = importlib.util.spec_from_file_location("pngstats", sys.argv[1])
            module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)
            width, height, channels, rows = module.read_png(sys.argv[2])
            points = json.loads(sys.argv[3])
            print(json.dumps([list(rows[y][x * channels:x * channels + 3]) for x, y in points]))
            """
        let tool = repositoryRoot.appendingPathComponent("Fixtures/tools/png-stats.py").path
        let result = try run([
            "python3", "-c", script, tool, url.path, "[" + points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]",
        ])
        try #require(result.status == 0, "png-stats: \(result.output)")
        let values = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[Int]])
        return values.map { ($0[0], $0[1], $0[2]) }
    }

    static func near(_ pixel: (Int, Int, Int), _ colour: (Int, Int, Int)) -> Bool {
        abs(pixel.0 - colour.0) <= 12 && abs(pixel.1 - colour.1) <= 12 && abs(pixel.2 - colour.2) <= 12
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
