import Foundation
import NSESimRuntime
import Testing
@_spi(NSESim) import UIKit
import UserNotifications

/// A custom view a storyboard names (`customClass`), made with `init(coder:)`.
final class RoundedTestView: UIView {
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        layer.cornerRadius = 12
    }
}

/// A view controller recording its lifecycle.
final class LifecycleViewController: UIViewController {
    var calls: [String] = []
    override func loadView() {
        calls.append("loadView")
        super.loadView()
    }
    override func viewDidLoad() {
        calls.append("viewDidLoad")
        super.viewDidLoad()
    }
    override func viewWillLayoutSubviews() { calls.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { calls.append("viewDidLayoutSubviews") }
    override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear") }
}

/// UIKit's views with nsesim's simple Auto Layout: the frames iOS gives pinned edges and fixed sizes.
@Suite struct UIKitViewLayoutTests {
    static func root(_ width: CGFloat = 400, _ height: CGFloat = 300) -> UIView {
        UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    }

    static func constrained<V: UIView>(_ view: V, in parent: UIView) -> V {
        view.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(view)
        return view
    }

    static func close(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < 0.01 && abs(a.minY - b.minY) < 0.01 && abs(a.width - b.width) < 0.01 && abs(a.height - b.height) < 0.01
    }

    @Test func pinnedEdges() {
        let root = Self.root()
        let child = Self.constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            child.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            child.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 8),
            root.bottomAnchor.constraint(equalTo: child.bottomAnchor, constant: 8),
        ])
        #expect(root.constraints.count == 4)
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 16, y: 8, width: 368, height: 284))
    }

    @Test func fixedSizeAndCentering() {
        let root = Self.root()
        let fixed = Self.constrained(UIView(), in: root)
        let centered = Self.constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            fixed.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            fixed.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            fixed.widthAnchor.constraint(equalToConstant: 100),
            fixed.heightAnchor.constraint(equalToConstant: 50),
            centered.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            centered.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            centered.widthAnchor.constraint(equalToConstant: 100),
            centered.heightAnchor.constraint(equalToConstant: 40),
        ])
        root.layoutIfNeeded()
        #expect(fixed.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(centered.frame == CGRect(x: 150, y: 130, width: 100, height: 40))
    }

    @Test func siblingChainWithLabels() {
        let root = Self.root()
        let first = Self.constrained(UILabel(), in: root)
        let second = Self.constrained(UILabel(), in: root)
        first.text = "Title"
        second.text = "Subtitle"
        NSLayoutConstraint.activate([
            first.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
            first.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            first.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            second.topAnchor.constraint(equalTo: first.bottomAnchor, constant: 8),
            second.leadingAnchor.constraint(equalTo: first.leadingAnchor),
        ])
        root.layoutIfNeeded()
        let line = (17 * 1.19 * 3).rounded(.up) / 3
        #expect(Self.close(first.frame, CGRect(x: 16, y: 8, width: 368, height: line)))
        #expect(abs(second.frame.minY - (16 + line)) < 0.01 && second.frame.minX == 16)
        #expect(abs(second.frame.width - second.intrinsicContentSize.width) < 0.01)
    }

    @Test func aspectRatioAndProportionalWidth() {
        let root = Self.root()
        let image = Self.constrained(UIImageView(), in: root)
        NSLayoutConstraint.activate([
            image.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            image.heightAnchor.constraint(equalTo: image.widthAnchor, multiplier: 0.75),
            image.topAnchor.constraint(equalTo: root.topAnchor),
            image.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        ])
        root.layoutIfNeeded()
        #expect(image.frame == CGRect(x: 200, y: 0, width: 200, height: 150))
    }

    @Test func layoutMargins() {
        let root = Self.root()
        let inner = Self.constrained(UIView(), in: root)
        let margins = root.layoutMarginsGuide
        NSLayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            inner.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            inner.topAnchor.constraint(equalTo: margins.topAnchor),
            inner.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 8, y: 8, width: 384, height: 284))
        root.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 20, leading: 16, bottom: 10, trailing: 4)
        root.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 16, y: 20, width: 380, height: 270))
        #expect(margins.layoutFrame == inner.frame)
    }

    @Test func verticalStackSkipsHiddenViews() {
        let root = Self.root(300, 400)
        let labels = ["One", "Two", "Three"].map { text in
            let label = UILabel()
            label.text = text
            return label
        }
        labels[1].isHidden = true
        let stack = Self.constrained(UIStackView(arrangedSubviews: labels), in: root)
        stack.axis = .vertical
        stack.spacing = 8
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        ])
        root.layoutIfNeeded()
        let line = (17 * 1.19 * 3).rounded(.up) / 3
        #expect(labels.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints } && stack.subviews.count == 3)
        #expect(Self.close(labels[0].frame, CGRect(x: 0, y: 0, width: 300, height: line)))
        #expect(Self.close(labels[2].frame, CGRect(x: 0, y: line + 8, width: 300, height: line)))
        #expect(Self.close(stack.frame, CGRect(x: 0, y: 10, width: 300, height: 2 * line + 8)))

        stack.setCustomSpacing(20, after: labels[0])
        labels[1].isHidden = false
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        root.layoutIfNeeded()
        #expect(Self.close(labels[1].frame, CGRect(x: 10, y: 4 + line + 20, width: 280, height: line)))
        #expect(Self.close(labels[2].frame, CGRect(x: 10, y: 4 + 2 * line + 28, width: 280, height: line)))
        #expect(abs(stack.frame.height - (3 * line + 28 + 8)) < 0.01)
    }

    @Test func horizontalStackDistributions() {
        let root = Self.root(300, 100)
        let views = (0..<3).map { _ in UIView() }
        let stack = Self.constrained(UIStackView(arrangedSubviews: views), in: root)
        stack.spacing = 10
        stack.distribution = .fillEqually
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.topAnchor),
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            stack.heightAnchor.constraint(equalToConstant: 44),
        ])
        root.layoutIfNeeded()
        #expect(Self.close(views[1].frame, CGRect(x: 280.0 / 3 + 10, y: 0, width: 280.0 / 3, height: 44)))

        stack.distribution = .fill
        stack.alignment = .center
        views[0].widthAnchor.constraint(equalToConstant: 40).isActive = true
        views[0].heightAnchor.constraint(equalToConstant: 20).isActive = true
        views[2].widthAnchor.constraint(equalToConstant: 60).isActive = true
        views[2].heightAnchor.constraint(equalToConstant: 44).isActive = true
        root.layoutIfNeeded()
        #expect(views[0].frame == CGRect(x: 0, y: 12, width: 40, height: 20))
        #expect(views[1].frame.minX == 50 && views[1].frame.width == 180)
        #expect(views[2].frame == CGRect(x: 240, y: 0, width: 60, height: 44))
    }

    @Test func labelSizeFollowsItsText() {
        let label = UILabel()
        label.text = "Hi"
        let short = label.intrinsicContentSize
        label.text = "Hello, world, this is longer"
        let long = label.intrinsicContentSize
        #expect(long.width > short.width && long.height == short.height && short.height > 20)
        label.font = .systemFont(ofSize: 34)
        #expect(label.intrinsicContentSize.height > 40)

        let root = Self.root(200, 400)
        let wrapping = Self.constrained(UILabel(), in: root)
        wrapping.numberOfLines = 0
        wrapping.text = String(repeating: "word ", count: 30)
        NSLayoutConstraint.activate([
            wrapping.topAnchor.constraint(equalTo: root.topAnchor),
            wrapping.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            wrapping.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
        ])
        root.layoutIfNeeded()
        #expect(wrapping.frame.width == 160)
        #expect(wrapping.frame.height > 3 * short.height)
        #expect(wrapping.frame.height == wrapping.sizeThatFits(CGSize(width: 160, height: 1000)).height)
        wrapping.numberOfLines = 2
        root.layoutIfNeeded()
        #expect(abs(wrapping.frame.height - 2 * short.height) < 0.01)
    }

    @Test func autoresizingViewsKeepTheirFrames() {
        let root = Self.root()
        let fixed = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 50))
        let stretchy = UIView(frame: CGRect(x: 10, y: 70, width: 380, height: 40))
        stretchy.autoresizingMask = [.flexibleWidth]
        root.addSubview(fixed)
        root.addSubview(stretchy)
        let below = Self.constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            below.topAnchor.constraint(equalTo: fixed.bottomAnchor, constant: 8),
            below.leadingAnchor.constraint(equalTo: fixed.leadingAnchor),
            below.widthAnchor.constraint(equalTo: fixed.widthAnchor),
            below.heightAnchor.constraint(equalToConstant: 4),
        ])
        root.layoutIfNeeded()
        #expect(fixed.frame == CGRect(x: 10, y: 10, width: 100, height: 50))
        #expect(below.frame == CGRect(x: 10, y: 68, width: 100, height: 4))
        root.frame = CGRect(x: 0, y: 0, width: 500, height: 300)
        root.layoutIfNeeded()
        #expect(stretchy.frame == CGRect(x: 10, y: 70, width: 480, height: 40))
        #expect(fixed.frame == CGRect(x: 10, y: 10, width: 100, height: 50))
    }

    @Test func priorityAndInequalities() {
        let root = Self.root()
        let view = Self.constrained(UIView(), in: root)
        let low = view.widthAnchor.constraint(equalToConstant: 300)
        low.priority = .defaultLow
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 10),
            low,
            view.widthAnchor.constraint(equalToConstant: 120),
            view.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
        ])
        root.layoutIfNeeded()
        #expect(view.frame.width == 120)

        let label = Self.constrained(UILabel(), in: root)
        label.text = String(repeating: "long text ", count: 20)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            label.topAnchor.constraint(equalTo: view.bottomAnchor),
            label.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -16),
        ])
        root.layoutIfNeeded()
        #expect(label.frame.minX == 16 && label.frame.width == 368 && label.frame.minY == 10)
    }

    @Test func layoutSubviewsOverridesRunAfterTheConstraints() {
        final class Tweaking: UIView {
            override func layoutSubviews() {
                super.layoutSubviews()
                subviews.first?.frame.origin.y += 1
            }
        }
        let root = Tweaking(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = Self.constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 5), child.leftAnchor.constraint(equalTo: root.leftAnchor),
            child.widthAnchor.constraint(equalToConstant: 5), child.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 0, y: 6, width: 5, height: 5))
    }

    @Test func viewControllerLifecycleOrder() {
        let controller = LifecycleViewController()
        #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil && controller.calls.isEmpty)
        let view = controller.view!
        #expect(controller.calls == ["loadView", "viewDidLoad"] && controller.isViewLoaded)
        #expect(view.frame == UIScreen.main.bounds)
        _ = controller.view
        controller.viewWillAppear(false)
        view.layoutIfNeeded()
        #expect(controller.calls == ["loadView", "viewDidLoad", "viewWillAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews"])
        #expect(view.next === controller)
        #expect(controller.extensionContext == nil)
        let context = NSExtensionContext()
        controller._nsesimExtensionContext = context
        let child = UIViewController()
        controller.addChild(child)
        #expect(child.extensionContext === context && child.parent === controller && controller.children.count == 1)
    }

    @Test func extensionContextStorage() {
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var keys: [String] = []
        }
        let box = Box()
        let context = NSExtensionContext()
        context._nsesimHandler = { key, _ in box.lock.withLock { box.keys.append(key) } }
        context._nsesimSetValue(3, forKey: "count")
        #expect(context._nsesimValue(forKey: "count") as? Int == 3)
        var opened = false
        context.open(URL(string: "https://example.com")!) { opened = $0 }
        context.completeRequest(returningItems: nil)
        #expect(opened && box.keys == ["count", "openURL", "completeRequest"])
        #expect(context.inputItems.isEmpty)
    }

    @Test func controlsRunActionsAndRecordTargets() {
        let button = UIButton(type: .system)
        var runs = 0
        button.addAction(UIAction(title: "Go") { _ in runs += 1 }, for: .touchUpInside)
        final class Target {}
        let target = Target()
        let selector: Selector = NSSelectorFromString("tapped:")
        button.addTarget(target, action: selector, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .valueChanged)
        #expect(runs == 1)
        #expect(button.actions(forTarget: target, forControlEvent: .touchUpInside) == ["tapped:"] && button.allTargets.count == 1)
        #expect(button.allControlEvents == .touchUpInside)
        button.setTitle("Play", for: .normal)
        button.setTitle("Playing", for: .selected)
        #expect(button.currentTitle == "Play" && button.title(for: .highlighted) == "Play")
        button.isSelected = true
        #expect(button.currentTitle == "Playing" && button.titleColor(for: .normal) == .systemBlue)
        #expect(button.intrinsicContentSize.height == 30)
        #expect(!button.subviews.contains { $0 === button.titleLabel })
    }

    @Test func sampleViewController() throws {
        let controller = SampleViewsViewController()
        controller.view.frame = CGRect(x: 0, y: 0, width: 320, height: 400)
        controller.configure(title: "Now playing", body: "A long description of the track, wrapping on a few lines of the notification.")
        controller.view.layoutIfNeeded()
        #expect(controller.imageView.frame == CGRect(x: 0, y: 0, width: 320, height: 180))
        let stack = try #require(controller.titleLabel.superview as? UIStackView)
        #expect(stack.frame.minX == 16 && stack.frame.minY == 192 && stack.frame.width == 288)
        #expect(controller.view.layoutMargins == UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
        #expect(controller.bodyLabel.frame.height > 2 * controller.titleLabel.frame.height - 1)
        #expect(controller.playButton.frame.height == 30 && controller.playButton.frame.minX == 0)
        #expect(controller.playButton.actions(forTarget: controller, forControlEvent: .touchUpInside) == ["playTapped:"])
        controller.playButton.sendActions(for: .touchUpInside)
        #expect(controller.taps == 1 && controller.playButton.currentTitle == "Pause")
        let snapshot = controller.view._nsesimSnapshot()
        #expect(snapshot.objectValue?["subviews"]?.arrayValue?.count == 2)

        // A configured button (iOS 15) with an SF Symbol: its size, colours and corners.
        let share = controller.shareButton
        let title = (2.6 * 17 * 3).rounded(.up) / 3
        let line = (17 * 1.19 * 3).rounded(.up) / 3
        #expect(share.currentTitle == "Share" && share.currentImage?.size == CGSize(width: 20, height: 20))
        #expect(abs(share.frame.width - (title + 20 + 6 + 24)) < 0.01 && abs(share.frame.height - (line + 14)) < 0.01)
        let shareSnapshot = try #require(share._nsesimSnapshot().objectValue)
        #expect(shareSnapshot["backgroundColor"] == .string("#007AFFFF") && shareSnapshot["titleColor"] == .string("#FFFFFFFF"))
        #expect(shareSnapshot["cornerRadius"]?.numberValue.map { abs($0 - Double(share.frame.height) / 2) < 0.01 } == true)
        #expect(shareSnapshot["image"]?.objectValue?["width"] == .double(20))
        #expect(UIImage(systemName: "play.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 34))?.size.width == 41)
    }

    static func json(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func interfaceFromDescriptionAndSnapshot() throws {
        let interface = try Self.json(
            """
            {"file": "MainInterface.storyboard",
             "viewController": {"id": "vc", "customClass": "NotificationViewController", "line": 14},
             "view": {"id": "root", "class": "UIView", "customClass": "RoundedTestView", "line": 20,
                      "frame": {"x": 0, "y": 0, "width": 320, "height": 200},
                      "autoresizingMask": {"widthSizable": true, "heightSizable": true},
                      "backgroundColor": {"system": "systemBackgroundColor"},
                      "subviews": [
                        {"id": "title", "class": "UILabel", "line": 24, "text": "Hello", "translatesAutoresizingMaskIntoConstraints": false,
                         "font": {"system": 17, "weight": "semibold"}, "textColor": {"rgba": [1, 0, 0, 1]}, "textAlignment": "center",
                         "frame": {"x": 16, "y": 8, "width": 100, "height": 21}},
                        {"id": "stack", "class": "UIStackView", "axis": "vertical", "spacing": 8, "line": 30,
                         "translatesAutoresizingMaskIntoConstraints": false, "alpha": 0.5, "cornerRadius": 4, "clipsToBounds": true,
                         "subviews": [
                            {"id": "image", "class": "UIImageView", "image": "missing", "contentMode": "scaleAspectFit", "line": 32},
                            {"id": "play", "class": "UIButton", "buttonType": "system", "title": "Play", "line": 35}
                         ]}
                      ],
                      "layoutGuides": [{"id": "safe", "key": "safeArea"}],
                      "constraints": [
                        {"id": "c1", "firstItem": "title", "firstAttribute": "top", "secondItem": "safe", "secondAttribute": "top", "constant": 8},
                        {"id": "c2", "firstItem": "title", "firstAttribute": "leading", "secondItem": "safe", "secondAttribute": "leading", "constant": 16},
                        {"id": "c3", "firstItem": "stack", "firstAttribute": "top", "secondItem": "title", "secondAttribute": "bottom", "constant": 8},
                        {"id": "c4", "firstItem": "stack", "firstAttribute": "leading", "secondItem": "title", "secondAttribute": "leading"},
                        {"id": "c5", "firstItem": "stack", "firstAttribute": "width", "constant": 100, "priority": 999},
                        {"id": "c6", "firstItem": "stack", "firstAttribute": "bottom", "relation": "lessThanOrEqual", "secondItem": "safe",
                         "secondAttribute": "bottom"}
                      ]},
             "outlets": [], "actions": []}
            """)
        let built = _NSESimInterfaceBuilder.build(interface, bundle: .main, module: "iOSSourceCompatibilityTests")
        let root = built.root
        #expect(root is RoundedTestView && root.layer.cornerRadius == 12)
        #expect(Set(built.objects.keys) == ["root", "title", "stack", "image", "play", "safe", "c1", "c2", "c3", "c4", "c5", "c6"])
        #expect(built.warnings.count == 1 && built.warnings[0].contains("missing") && built.warnings[0].contains("line 32"))
        let stack = try #require(built.objects["stack"] as? UIStackView)
        #expect(stack.arrangedSubviews.count == 2 && root.constraints.count == 6)
        #expect((built.objects["c5"] as? NSLayoutConstraint)?.priority == UILayoutPriority(999))

        root.layoutIfNeeded()
        let snapshot = root._nsesimSnapshot()
        let object = try #require(snapshot.objectValue)
        #expect(object["class"] == .string("UIView") && object["customClass"] == .string("RoundedTestView"))
        #expect(object["kind"] == .string("view") && object["backgroundColor"] == .string("#FFFFFFFF"))
        #expect(object["cornerRadius"] == .double(12))
        let subviews = try #require(object["subviews"]?.arrayValue)
        let title = try #require(subviews[0].objectValue)
        #expect(title["kind"] == .string("label") && title["text"] == .string("Hello") && title["textColor"] == .string("#FF0000FF"))
        #expect(title["textAlignment"] == .string("center") && title["numberOfLines"] == .integer(1))
        #expect(title["font"] == .object(["name": .string(".SFUI-Semibold"), "size": .double(17), "weight": .string("semibold")]))
        #expect(title["frame"] == .object(["x": .double(16), "y": .double(8), "width": .double(39.5), "height": .double(20.5)]))
        let stackSnapshot = try #require(subviews[1].objectValue)
        #expect(stackSnapshot["kind"] == .string("stackView") && stackSnapshot["axis"] == .string("vertical"))
        #expect(stackSnapshot["alpha"] == .double(0.5) && stackSnapshot["clipsToBounds"] == .bool(true))
        #expect(stackSnapshot["frame"] == .object(["x": .double(16), "y": .double(36.5), "width": .double(100), "height": .double(38)]))
        let arranged = try #require(stackSnapshot["subviews"]?.arrayValue)
        let image = try #require(arranged[0].objectValue)
        #expect(image["kind"] == .string("imageView") && image["contentMode"] == .string("scaleAspectFit") && image["image"] == nil)
        let play = try #require(arranged[1].objectValue)
        #expect(play["kind"] == .string("button") && play["title"] == .string("Play") && play["titleColor"] == .string("#007AFFFF"))
        #expect(play["frame"] == .object(["x": .double(0), "y": .double(8), "width": .double(100), "height": .double(30)]))
    }

    @Test func unknownCustomClassIsTheBaseClassWithAWarning() throws {
        let interface = try Self.json(
            """
            {"id": "l", "class": "UILabel", "customClass": "NoSuchLabel", "customModule": "Nowhere", "line": 7, "text": "x",
             "textColor": {"named": "AccentColor"}}
            """)
        let built = _NSESimInterfaceBuilder.build(interface, bundle: .main, module: "iOSSourceCompatibilityTests")
        #expect(type(of: built.root) == UILabel.self && (built.root as? UILabel)?.text == "x")
        #expect(built.warnings.count == 2)
        #expect(built.warnings[0].contains("NoSuchLabel") && built.warnings[0].contains("line 7") && built.warnings[0].contains("Nowhere"))
        #expect(built.warnings[1].contains("AccentColor"))
        #expect(built.root._nsesimSnapshot().objectValue?["customClass"] == nil)
    }

    @Test func imageViewSnapshotCarriesThePNG() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let picture = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 3), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 3))
        }
        let imageView = UIImageView(image: picture)
        #expect(imageView.frame.size == CGSize(width: 4, height: 3) && imageView.intrinsicContentSize == CGSize(width: 4, height: 3))
        let snapshot = try #require(imageView._nsesimSnapshot().objectValue?["image"]?.objectValue)
        #expect(snapshot["width"] == .double(4) && snapshot["scale"] == .double(2))
        let png = try #require(snapshot["png"]?.stringValue.flatMap { Data(base64Encoded: $0) })
        #expect(UIImage(data: png)?.cgImage?.width == 8)
    }
}

extension UIKitViewLayoutTests {
    @Test func customViewWithIntrinsicSize() {
        let controller = BadgeViewController(count: 12)
        controller.view.layoutIfNeeded()
        let badge = controller.badge
        #expect(badge.alpha == 1 && badge.transform == CGAffineTransform(scaleX: 1.2, y: 1.2))
        #expect(badge.frame.height == 20 && badge.frame.maxX == 304 && badge.frame.minY == 20)
        #expect(badge.frame.width == badge.countLabel.intrinsicContentSize.width + 12)
        #expect(abs(badge.countLabel.center.x - badge.bounds.midX) < 0.01 && abs(badge.countLabel.center.y - 10) < 0.01)
        #expect(BadgeViewController().count == 0)
        controller.view.layoutMargins = UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 30)
        #expect(controller.view.layoutMargins == UIEdgeInsets(top: 4, left: 16, bottom: 4, right: 30))
        controller.viewRespectsSystemMinimumLayoutMargins = false
        controller.view.layoutIfNeeded()
        #expect(controller.view.layoutMargins.left == 4 && badge.frame.maxX == 290)
    }
}

extension UIKitViewLayoutTests {
    @Test func hierarchyAndConversions() {
        let root = Self.root()
        let container = UIView(frame: CGRect(x: 20, y: 30, width: 200, height: 100))
        let a = UIView(frame: CGRect(x: 5, y: 6, width: 10, height: 10))
        let b = UIView()
        b.tag = 7
        root.addSubview(container)
        container.addSubview(a)
        container.insertSubview(b, at: 0)
        #expect(container.subviews.first === b && root.viewWithTag(7) === b && a.superview === container)
        container.bringSubviewToFront(b)
        #expect(container.subviews.last === b)
        #expect(a.convert(CGPoint(x: 1, y: 1), to: root) == CGPoint(x: 26, y: 37))
        #expect(root.convert(CGPoint(x: 26, y: 37), to: a) == CGPoint(x: 1, y: 1))
        #expect(a.isDescendant(of: root) && !root.isDescendant(of: a))

        b.translatesAutoresizingMaskIntoConstraints = false
        let pin = b.topAnchor.constraint(equalTo: root.topAnchor)
        pin.isActive = true
        #expect(root.constraints.contains(pin) && pin.isActive)
        b.removeFromSuperview()
        #expect(!pin.isActive && root.constraints.isEmpty && b.superview == nil)
        #expect(root.layer.cornerRadius == 0 && root.tintColor == .systemBlue && a.tintColor == .systemBlue)
        container.tintColor = .systemRed
        #expect(a.tintColor == .systemRed)
    }
}

extension UIKitViewLayoutTests {
    @Test func viewControllerFromAStoryboardScene() throws {
        let interface = try Self.json(
            """
            {"viewController": {"id": "M4Y-Lb-cyx", "customClass": "LifecycleViewController", "customModule": "Elsewhere", "line": 14,
                                "title": "Scene", "preferredContentSize": {"width": 320, "height": 37}},
             "view": {"id": "S3S-Oj-5AN", "class": "UIView", "frame": {"x": 0, "y": 0, "width": 320, "height": 37},
                      "subviews": [{"id": "GcN-lo-r42", "class": "UILabel", "text": "Hi", "frame": {"x": 0, "y": 8, "width": 320, "height": 21}}]}}
            """)
        let built = _NSESimInterfaceBuilder.buildViewController(interface, bundle: .main, module: "iOSSourceCompatibilityTests")
        let controller = try #require(built.viewController as? LifecycleViewController)
        #expect(built.warnings.isEmpty && built.objects["M4Y-Lb-cyx"] === controller && built.objects.count == 3)
        #expect(!controller.isViewLoaded && controller.calls.isEmpty)
        #expect(controller.title == "Scene" && controller.preferredContentSize == CGSize(width: 320, height: 37))
        #expect(controller.view === built.objects["S3S-Oj-5AN"] && controller.calls == ["loadView", "viewDidLoad"])
        #expect((controller.view.subviews.first as? UILabel)?.frame == CGRect(x: 0, y: 8, width: 320, height: 21))

        let missing = _NSESimInterfaceBuilder.buildViewController(
            try Self.json(#"{"viewController": {"customClass": "Gone", "line": 3}, "view": {"class": "UIView"}}"#),
            bundle: .main, module: "iOSSourceCompatibilityTests")
        #expect(type(of: missing.viewController) == UIViewController.self && missing.warnings.count == 1)
        #expect(missing.warnings.first?.contains("Gone") == true && missing.warnings.first?.contains("line 3") == true)

        let principal = _NSESimInterfaceBuilder.makeViewController("SampleViewsViewController", module: "iOSSourceCompatibilityTests")
        #expect(principal.viewController is SampleViewsViewController && principal.warnings.isEmpty)
        #expect(principal.viewController.view.subviews.count == 2)
        let notController = _NSESimInterfaceBuilder.makeViewController("TitleLabel", module: "iOSSourceCompatibilityTests")
        #expect(type(of: notController.viewController) == UIViewController.self && notController.warnings.count == 1)
    }
}

extension UIKitViewLayoutTests {
    @Test func attributedTextStylesTheLabel() {
        let label = UILabel()
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 4
        label.attributedText = NSAttributedString(
            string: "Bold",
            attributes: [
                .font: UIFont.boldSystemFont(ofSize: 20), .foregroundColor: UIColor.systemGreen, .paragraphStyle: style,
                .underlineStyle: NSUnderlineStyle.single.rawValue,
            ])
        #expect(label.text == "Bold" && label.font.pointSize == 20 && label.textColor == .systemGreen && label.textAlignment == .center)
        #expect(abs(label.intrinsicContentSize.height - (20 * 1.19 * 3).rounded(.up) / 3) < 0.01)
        label.text = "Plain"
        #expect(label.attributedText?.string == "Plain" && label.font.pointSize == 20)
    }
}

/// A label subclass, for the snapshot's class names.
final class TitleLabel: UILabel {}

extension UIKitViewLayoutTests {
    @Test func moreControlsAndClassNames() throws {
        let root = Self.root(320, 100)
        let spinner = UIActivityIndicatorView(style: .medium)
        let progress = UIProgressView(progressViewStyle: .default)
        let toggle = UISwitch()
        let title = TitleLabel()
        let blur = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
        let row = Self.constrained(UIStackView(arrangedSubviews: [spinner, progress, toggle, title]), in: root)
        row.spacing = 8
        row.alignment = .center
        blur.frame = root.bounds
        blur.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.insertSubview(blur, at: 0)
        NSLayoutConstraint.activate([
            row.leadingAnchor.constraint(equalTo: root.leadingAnchor), row.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            row.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
        #expect(spinner.isHidden && spinner.frame.size == CGSize(width: 20, height: 20))
        spinner.startAnimating()
        progress.setProgress(0.25, animated: true)
        toggle.setOn(true, animated: false)
        title.text = "Title"
        root.layoutIfNeeded()
        #expect(!spinner.isHidden && spinner.isAnimating && spinner.frame == CGRect(x: 0, y: 5.5, width: 20, height: 20))
        #expect(toggle.frame.size == CGSize(width: 51, height: 31) && row.frame.height == 31 && progress.frame.height == 4)
        #expect(blur.contentView.frame == root.bounds)
        let snapshot = try #require(root._nsesimSnapshot().objectValue?["subviews"]?.arrayValue)
        #expect(snapshot[0].objectValue?["class"] == .string("UIVisualEffectView"))
        let items = (snapshot[1].objectValue?["subviews"]?.arrayValue ?? []).compactMap { $0.objectValue }
        try #require(items.count == 4)
        #expect(
            items.map { $0["class"] } == [
                .string("UIActivityIndicatorView"), .string("UIProgressView"), .string("UISwitch"), .string("UILabel"),
            ])
        #expect(items[3]["customClass"] == .string("TitleLabel") && items[3]["kind"] == .string("label"))
        #expect(items[1]["progress"] == .double(0.25) && items[2]["on"] == .bool(true) && items[2]["kind"] == .string("view"))
    }
}
