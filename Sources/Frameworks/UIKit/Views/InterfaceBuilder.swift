import Foundation
import NSESimRuntime

/// Makes the views of a storyboard scene from its description (the interface description
/// nsesim's storyboard reader writes: `{"viewController": {…}, "view": ViewNode, …}`, or a
/// ViewNode itself).
///
/// One view per node, of its `class`; a `customClass` is looked up as `module.customClass`
/// (then `customModule.customClass`, then the bare name) and made with `init(coder:)`; a custom
/// class not found or not a view gives the base class and a warning. Every attribute is applied
/// (colours: `rgba`, a system colour name such as `systemBackgroundColor`, or a named colour;
/// fonts; images by name in `bundle`), the subviews are added (a stack view's are its arranged
/// subviews), then the constraints are made, each held by the view that lists it (an absent
/// `firstItem` is that view), and activated. `objects` maps every id (views, layout guides,
/// constraints) to its object.
@_spi(NSESim) @preconcurrency @MainActor public enum _NSESimInterfaceBuilder {
    public static func build(
        _ interface: JSONValue, bundle: Bundle, module: String
    )
        -> (root: UIView, objects: [String: AnyObject], warnings: [String])
    {
        var builder = Builder(bundle: bundle, module: module)
        let node = interface.objectValue?["view"] ?? interface
        let root = builder.view(from: node)
        builder.makeConstraints()
        return (root, builder.objects, builder.warnings)
    }

    /// Makes a storyboard scene's view controller (its `customClass`, looked up as the views'
    /// are, made with `init(coder:)`; a class not found or not a view controller gives a
    /// `UIViewController` and a warning) and its views (`build`), with its title and preferred
    /// content size. The views become the view controller's `view` when it is first asked for
    /// (`loadView()`, then `viewDidLoad()`), so outlets can be connected before. `objects` has the
    /// view controller under its id too.
    public static func buildViewController(
        _ interface: JSONValue, bundle: Bundle, module: String
    )
        -> (viewController: UIViewController, objects: [String: AnyObject], warnings: [String])
    {
        let scene = interface.objectValue?["viewController"]?.objectValue ?? [:]
        let line = scene["line"]?.integerValue.map { " (line \($0))" } ?? ""
        var (viewController, warnings) = makeViewController(
            scene["customClass"]?.stringValue, module: module,
            customModule: scene["customModule"]?.stringValue, line: line)
        var (root, objects, viewWarnings) = build(interface, bundle: bundle, module: module)
        warnings += viewWarnings
        viewController._nsesimStoryboardView = root
        if let title = scene["title"]?.stringValue { viewController.title = title }
        if let size = scene["preferredContentSize"]?.objectValue {
            viewController.preferredContentSize = CGSize(width: size["width"]?.numberValue ?? 0, height: size["height"]?.numberValue ?? 0)
        }
        if let id = scene["id"]?.stringValue { objects[id] = viewController }
        return (viewController, objects, warnings)
    }

    /// Makes a view controller of a class named in the extension (`NSExtensionPrincipalClass`, or
    /// a storyboard's `customClass`): looked up as `module.name`, then `customModule.name`, then
    /// the bare name, and made with `init(coder:)` (Swift can call no other initializer of a
    /// class found by name; a class whose `init(coder:)` is `fatalError(…)` stops the process, as
    /// it would on iOS from a storyboard). nil or a class not found or not a view controller
    /// gives a `UIViewController` (with a warning for a name).
    public static func makeViewController(
        _ name: String?, module: String, customModule: String? = nil, line: String = ""
    )
        -> (viewController: UIViewController, warnings: [String])
    {
        guard let name else { return (UIViewController(nibName: nil, bundle: nil), []) }
        let modules = [module, customModule].compactMap { $0 }
        let found = (modules.map { "\($0).\(name)" } + [name]).lazy.compactMap { _typeByName($0) }.first
        if let type = found as? UIViewController.Type {
            if let controller = type.init(coder: InterfaceCoder()) { return (controller, []) }
            return (UIViewController(nibName: nil, bundle: nil), ["\(name)\(line): init(coder:) returned nil; made a UIViewController"])
        }
        let warning =
            found != nil
            ? "\(name)\(line): not a UIViewController subclass; made a UIViewController"
            : "\(name)\(line): custom class not found in module \(modules.joined(separator: " or ")); made a UIViewController"
        return (UIViewController(nibName: nil, bundle: nil), [warning])
    }

    /// The UIKit class of a node's `class`.
    static func baseClass(_ name: String) -> UIView.Type? {
        switch name {
        case "UIView": UIView.self
        case "UILabel": UILabel.self
        case "UIImageView": UIImageView.self
        case "UIButton": UIButton.self
        case "UIStackView": UIStackView.self
        case "UIControl": UIControl.self
        default: nil
        }
    }

    @MainActor private struct Builder {
        let bundle: Bundle
        let module: String
        var objects: [String: AnyObject] = [:]
        var warnings: [String] = []
        var pending: [(holder: UIView, node: [String: JSONValue])] = []

        init(bundle: Bundle, module: String) {
            self.bundle = bundle
            self.module = module
        }

        func at(_ node: [String: JSONValue]) -> String {
            node["line"]?.integerValue.map { " (line \($0))" } ?? ""
        }

        mutating func view(from value: JSONValue) -> UIView {
            let node = value.objectValue ?? [:]
            let className = node["class"]?.stringValue ?? "UIView"
            var base = baseClass(className) ?? UIView.self
            if baseClass(className) == nil {
                warnings.append("\(className)\(at(node)): not a view class nsesim has; made a UIView")
            }
            var view: UIView?
            if let custom = node["customClass"]?.stringValue {
                let modules = [module, node["customModule"]?.stringValue].compactMap { $0 }
                let found = (modules.map { "\($0).\(custom)" } + [custom]).lazy.compactMap { _typeByName($0) }.first
                if let type = found as? UIView.Type, type.isSubclass(of: base) {
                    view = type.init(coder: InterfaceCoder())
                    if view == nil { warnings.append("\(custom)\(at(node)): init(coder:) returned nil; made a \(className)") }
                } else if found != nil {
                    warnings.append("\(custom)\(at(node)): not a subclass of \(className); made a \(className)")
                } else {
                    warnings.append(
                        "\(custom)\(at(node)): custom class not found in module \(modules.joined(separator: " or ")); made a \(className)")
                }
            }
            if view == nil {
                if base == UIButton.self {
                    let type: UIButton.ButtonType = node["buttonType"]?.stringValue == "custom" ? .custom : .system
                    view = UIButton(type: type)
                } else if base == UILabel.self {
                    view = UILabel(frame: .zero)
                } else if base == UIImageView.self {
                    view = UIImageView(frame: .zero)
                } else if base == UIStackView.self {
                    view = UIStackView(frame: .zero)
                } else if base == UIControl.self {
                    view = UIControl(frame: .zero)
                } else {
                    view = UIView(frame: .zero)
                }
            }
            let made = view!
            base = type(of: made)
            if let id = node["id"]?.stringValue { objects[id] = made }
            apply(node, to: made)
            for child in node["subviews"]?.arrayValue ?? [] {
                let subview = self.view(from: child)
                if let stack = made as? UIStackView { stack.addArrangedSubview(subview) } else { made.addSubview(subview) }
            }
            for guide in node["layoutGuides"]?.arrayValue ?? [] {
                guard let object = guide.objectValue, let id = object["id"]?.stringValue else { continue }
                objects[id] = object["key"]?.stringValue == "safeArea" ? made.safeAreaLayoutGuide : made.layoutMarginsGuide
            }
            if !(node["constraints"]?.arrayValue ?? []).isEmpty { pending.append((made, node)) }
            return made
        }

        mutating func apply(_ node: [String: JSONValue], to view: UIView) {
            if let frame = node["frame"]?.objectValue {
                view.frame = CGRect(
                    x: frame["x"]?.numberValue ?? 0, y: frame["y"]?.numberValue ?? 0,
                    width: frame["width"]?.numberValue ?? 0, height: frame["height"]?.numberValue ?? 0)
            }
            if let flag = node["translatesAutoresizingMaskIntoConstraints"]?.boolValue {
                view.translatesAutoresizingMaskIntoConstraints = flag
            }
            if let mask = node["autoresizingMask"]?.objectValue {
                var result: UIView.AutoresizingMask = []
                let names: [(String, UIView.AutoresizingMask)] = [
                    ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
                    ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
                ]
                for (name, flag) in names where mask[name]?.boolValue == true { result.insert(flag) }
                view.autoresizingMask = result
            }
            if let hidden = node["hidden"]?.boolValue { view.isHidden = hidden }
            if let alpha = node["alpha"]?.numberValue { view.alpha = alpha }
            if let clips = node["clipsToBounds"]?.boolValue { view.clipsToBounds = clips }
            if let tag = node["tag"]?.integerValue { view.tag = Int(tag) }
            if let enabled = node["userInteractionEnabled"]?.boolValue { view.isUserInteractionEnabled = enabled }
            if let mode = node["contentMode"]?.stringValue {
                if let found = Self.contentModes[mode] {
                    view.contentMode = found
                } else {
                    warnings.append("contentMode \(mode)\(at(node)): unknown")
                }
            }
            if let color = node["backgroundColor"] { view.backgroundColor = self.color(color, node) }
            if let color = node["tintColor"] { view.tintColor = self.color(color, node) }
            if let radius = node["cornerRadius"]?.numberValue { view.layer.cornerRadius = radius }
            if let label = view as? UILabel {
                if let text = node["text"]?.stringValue { label.text = text }
                if let font = node["font"], let made = self.font(font, node) { label.font = made }
                if let color = node["textColor"], let made = self.color(color, node) { label.textColor = made }
                if let lines = node["numberOfLines"]?.integerValue { label.numberOfLines = Int(lines) }
                if let alignment = node["textAlignment"]?.stringValue {
                    let names: [String: NSTextAlignment] = [
                        "natural": .natural, "left": .left, "center": .center, "right": .right, "justified": .justified,
                    ]
                    if let found = names[alignment] { label.textAlignment = found }
                }
            }
            if let imageView = view as? UIImageView, let name = node["image"]?.stringValue { imageView.image = image(name, node) }
            if let button = view as? UIButton {
                if let title = node["title"]?.stringValue { button.setTitle(title, for: .normal) }
                if let color = node["titleColor"], let made = self.color(color, node) { button.setTitleColor(made, for: .normal) }
                if let name = node["image"]?.stringValue { button.setImage(image(name, node), for: .normal) }
                if let font = node["font"], let made = self.font(font, node) { button.titleLabel?.font = made }
            }
            if let stack = view as? UIStackView {
                if let axis = node["axis"]?.stringValue { stack.axis = axis == "vertical" ? .vertical : .horizontal }
                if let spacing = node["spacing"]?.numberValue { stack.spacing = spacing }
                if let name = node["distribution"]?.stringValue {
                    let names: [String: UIStackView.Distribution] = [
                        "fill": .fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally,
                        "equalSpacing": .equalSpacing, "equalCentering": .equalCentering,
                    ]
                    if let found = names[name] {
                        stack.distribution = found
                    } else {
                        warnings.append("distribution \(name)\(at(node)): unknown")
                    }
                }
                if let name = node["alignment"]?.stringValue {
                    let names: [String: UIStackView.Alignment] = [
                        "fill": .fill, "top": .top, "leading": .leading, "center": .center, "bottom": .bottom,
                        "trailing": .trailing, "firstBaseline": .firstBaseline, "lastBaseline": .lastBaseline,
                    ]
                    if let found = names[name] { stack.alignment = found } else { warnings.append("alignment \(name)\(at(node)): unknown") }
                }
            }
        }

        static let contentModes: [String: UIView.ContentMode] = [
            "scaleToFill": .scaleToFill, "scaleAspectFit": .scaleAspectFit, "scaleAspectFill": .scaleAspectFill, "redraw": .redraw,
            "center": .center, "top": .top, "bottom": .bottom, "left": .left, "right": .right, "topLeft": .topLeft,
            "topRight": .topRight, "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
        ]

        mutating func color(_ value: JSONValue, _ node: [String: JSONValue]) -> UIColor? {
            guard let object = value.objectValue else { return nil }
            if let rgba = object["rgba"]?.arrayValue?.compactMap(\.numberValue), rgba.count == 4 {
                return UIColor(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3])
            }
            if let name = object["system"]?.stringValue {
                if let color = UIColor._nsesimSystemColor(named: name) { return color }
                warnings.append("system colour \(name)\(at(node)): unknown to nsesim")
                return nil
            }
            if let name = object["named"]?.stringValue {
                if let color = UIColor(named: name) { return color }
                warnings.append("colour \(name)\(at(node)): not found (nsesim reads no asset catalog)")
                return nil
            }
            return nil
        }

        mutating func font(_ value: JSONValue, _ node: [String: JSONValue]) -> UIFont? {
            guard let object = value.objectValue else { return nil }
            if let style = object["textStyle"]?.stringValue { return .preferredFont(forTextStyle: UIFont.TextStyle(rawValue: style)) }
            if let size = object["system"]?.numberValue {
                if object["italic"]?.boolValue == true { return .italicSystemFont(ofSize: size) }
                let weights: [String: UIFont.Weight] = [
                    "ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular,
                    "medium": .medium, "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
                ]
                return .systemFont(ofSize: size, weight: weights[object["weight"]?.stringValue ?? "regular"] ?? .regular)
            }
            if let name = object["name"]?.stringValue {
                let size = object["size"]?.numberValue ?? 17
                if let font = UIFont(name: name, size: size) { return font }
                warnings.append("font \(name)\(at(node)): not a font iOS has; the system font instead")
                return .systemFont(ofSize: size)
            }
            return nil
        }

        mutating func image(_ name: String, _ node: [String: JSONValue]) -> UIImage? {
            if let image = UIImage(named: name, in: bundle, compatibleWith: nil) { return image }
            warnings.append("image \(name)\(at(node)): not found in the extension's bundle")
            return nil
        }

        mutating func makeConstraints() {
            for (holder, node) in pending {
                for value in node["constraints"]?.arrayValue ?? [] {
                    guard let object = value.objectValue else { continue }
                    let where_ = at(object)
                    let first: AnyObject? = object["firstItem"]?.stringValue.map { objects[$0] } ?? holder
                    guard let first else {
                        warnings.append("constraint\(where_): firstItem \(object["firstItem"]?.stringValue ?? "") not found")
                        continue
                    }
                    var second: AnyObject?
                    if let id = object["secondItem"]?.stringValue {
                        guard let found = objects[id] else {
                            warnings.append("constraint\(where_): secondItem \(id) not found")
                            continue
                        }
                        second = found
                    }
                    guard let firstAttribute = Self.attribute(object["firstAttribute"]?.stringValue) else {
                        warnings.append("constraint\(where_): unknown firstAttribute \(object["firstAttribute"]?.stringValue ?? "")")
                        continue
                    }
                    let secondAttribute =
                        Self.attribute(object["secondAttribute"]?.stringValue) ?? (second == nil ? .notAnAttribute : firstAttribute)
                    let relation: NSLayoutConstraint.Relation =
                        switch object["relation"]?.stringValue {
                        case "lessThanOrEqual": .lessThanOrEqual
                        case "greaterThanOrEqual": .greaterThanOrEqual
                        default: .equal
                        }
                    let constraint = NSLayoutConstraint(
                        first: first, firstAttribute, relation, second, secondAttribute,
                        object["multiplier"]?.numberValue ?? 1, object["constant"]?.numberValue ?? 0)
                    if let priority = object["priority"]?.numberValue { constraint.priority = UILayoutPriority(Float(priority)) }
                    if let id = object["id"]?.stringValue {
                        constraint.identifier = id
                        objects[id] = constraint
                    }
                    holder.addConstraint(constraint)
                }
            }
        }

        static func attribute(_ name: String?) -> NSLayoutConstraint.Attribute? {
            guard let name else { return nil }
            let names: [String: NSLayoutConstraint.Attribute] = [
                "left": .left, "right": .right, "top": .top, "bottom": .bottom, "leading": .leading, "trailing": .trailing,
                "width": .width, "height": .height, "centerX": .centerX, "centerY": .centerY, "baseline": .lastBaseline,
                "lastBaseline": .lastBaseline, "firstBaseline": .firstBaseline, "leftMargin": .leftMargin, "rightMargin": .rightMargin,
                "topMargin": .topMargin, "bottomMargin": .bottomMargin, "leadingMargin": .leadingMargin, "trailingMargin": .trailingMargin,
                "centerXWithinMargins": .centerXWithinMargins, "centerYWithinMargins": .centerYWithinMargins,
            ]
            return names[name]
        }
    }
}

extension UIColor {
    /// The colour of a storyboard's `systemColor` or `cocoaTouchSystemColor` name
    /// ("systemBackgroundColor", "labelColor", "darkTextColor"…); nil for a name nsesim does not know.
    @_spi(NSESim) public static func _nsesimSystemColor(named name: String) -> UIColor? {
        let key = name.hasSuffix("Color") ? String(name.dropLast(5)) : name
        let colors: [String: UIColor] = [
            "black": .black, "darkGray": .darkGray, "lightGray": .lightGray, "white": .white, "gray": .gray, "red": .red,
            "green": .green, "blue": .blue, "cyan": .cyan, "yellow": .yellow, "magenta": .magenta, "orange": .orange,
            "purple": .purple, "brown": .brown, "clear": .clear,
            "systemRed": .systemRed, "systemGreen": .systemGreen, "systemBlue": .systemBlue, "systemOrange": .systemOrange,
            "systemYellow": .systemYellow, "systemPink": .systemPink, "systemPurple": .systemPurple, "systemTeal": .systemTeal,
            "systemIndigo": .systemIndigo, "systemMint": .systemMint, "systemCyan": .systemCyan, "systemBrown": .systemBrown,
            "systemGray": .systemGray, "systemGray2": .systemGray2, "systemGray3": .systemGray3, "systemGray4": .systemGray4,
            "systemGray5": .systemGray5, "systemGray6": .systemGray6, "tint": .tintColor, "systemTint": .systemBlue,
            "label": .label, "secondaryLabel": .secondaryLabel, "tertiaryLabel": .tertiaryLabel, "quaternaryLabel": .quaternaryLabel,
            "link": .link, "placeholderText": .placeholderText, "separator": .separator, "opaqueSeparator": .opaqueSeparator,
            "systemBackground": .systemBackground, "secondarySystemBackground": .secondarySystemBackground,
            "tertiarySystemBackground": .tertiarySystemBackground, "systemGroupedBackground": .systemGroupedBackground,
            "secondarySystemGroupedBackground": .secondarySystemGroupedBackground,
            "tertiarySystemGroupedBackground": .tertiarySystemGroupedBackground, "systemFill": .systemFill,
            "secondarySystemFill": .secondarySystemFill, "tertiarySystemFill": .tertiarySystemFill,
            "quaternarySystemFill": .quaternarySystemFill,
            "darkText": .black, "lightText": UIColor(white: 1, alpha: 0.6), "groupTableViewBackground": .systemGroupedBackground,
            "tableCellGroupedBackground": .white, "viewFlipsideBackground": UIColor(white: 0.12, alpha: 1),
        ]
        return colors[key]
    }
}
