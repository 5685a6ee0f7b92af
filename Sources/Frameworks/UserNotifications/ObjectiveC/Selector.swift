/// A method's name, as Objective-C's `SEL`. On iOS it comes from the ObjectiveC module,
/// which Foundation re-exports; Linux has no Objective-C runtime, so nsesim builds a copy
/// of an extension's sources in which `#selector(name)` is `Selector("name")`, and this is
/// that type: it holds the name and compares by it.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    private let name: String

    /// The selector named `name`, e.g. `"handleTap:"`.
    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.name = name
    }

    public var description: String { name }
}

/// The selector named `name` (Foundation's `NSSelectorFromString`).
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }

/// The name of `selector` (Foundation's `NSStringFromSelector`).
public func NSStringFromSelector(_ selector: Selector) -> String { selector.description }
