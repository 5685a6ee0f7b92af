import Foundation
import NSESimRuntime
@_spi(NSESim) import UIKit

/// The view controller's properties that hold views (its outlets, from the storyboard or set
/// in code), to name the views in the report.
@MainActor struct OutletNames {
    private var names: [ObjectIdentifier: String] = [:]

    init(of controller: UIViewController) {
        var mirror: Mirror? = Mirror(reflecting: controller)
        while let current = mirror, current.subjectType != UIViewController.self {
            for child in current.children {
                guard let label = child.label, !label.hasPrefix("$"), let view = Self.view(in: child.value) else { continue }
                names[ObjectIdentifier(view)] = names[ObjectIdentifier(view)] ?? label
            }
            mirror = current.superclassMirror
        }
    }

    /// Whether the class (or a superclass below UIViewController) has a stored property `name`.
    static func hasProperty(_ name: String, in controller: UIViewController) -> Bool {
        var mirror: Mirror? = Mirror(reflecting: controller)
        while let current = mirror, current.subjectType != UIViewController.self {
            if current.children.contains(where: { $0.label == name }) { return true }
            mirror = current.superclassMirror
        }
        return false
    }

    /// The snapshot with `"outlet"` on the views the controller holds (the tree's shape is the
    /// views').
    func annotate(_ snapshot: JSONValue, view: UIView) -> JSONValue {
        guard case .object(var object) = snapshot else { return snapshot }
        if let name = names[ObjectIdentifier(view)] { object["outlet"] = .string(name) }
        if let subviews = object["subviews"]?.arrayValue {
            object["subviews"] = .array(zip(subviews, view.subviews).map { annotate($0, view: $1) })
        }
        return .object(object)
    }

    private static func view(in value: Any) -> UIView? {
        if let view = value as? UIView { return view }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value else { return nil }
        return wrapped as? UIView
    }
}
