@_spi(NSESim) import CoreGraphics
import Foundation

/// Core Image's filter: a named built-in (`CIFilter(name:)`) whose inputs are set by key
/// (`setValue(_:forKey:)`, starting at their defaults) and whose `outputImage` is a new
/// `CIImage` recipe; nothing is computed until a `CIContext` renders it. Not thread-safe (its
/// inputs change), as on iOS.
open class CIFilter: NSObject {
    /// The built-in filter this is.
    let definition: FilterDefinition
    /// The inputs set, by key.
    private var values: [String: Any] = [:]

    /// The built-in filter `name` with its inputs at their defaults, or nil when nsesim has no
    /// such filter (reported, with the names it has).
    public init?(name: String) {
        guard let definition = FilterDefinition.builtIn[name] else {
            ImageReport.failed(
                operation: "filter", api: "CIFilter(name:)",
                reason: "no filter named \(name) (nsesim's: \(FilterDefinition.builtIn.keys.sorted().joined(separator: ", ")))")
            return nil
        }
        self.definition = definition
        super.init()
        setDefaults()
    }

    /// The built-in filter `name` with `params` set over its defaults, or nil when there is no such filter.
    public convenience init?(name: String, parameters params: [String: Any]?) {
        self.init(name: name)
        for (key, value) in params ?? [:] { setValue(value, forKey: key) }
    }

    /// The filter's name ("CIColorControls").
    open var name: String { definition.name }

    /// The keys of the filter's inputs.
    open var inputKeys: [String] { definition.inputs.map(\.key) }

    /// The keys of the filter's outputs: `kCIOutputImageKey`.
    open var outputKeys: [String] { [kCIOutputImageKey] }

    /// What the filter is: its name, display name, categories, and for each input its class and default.
    open var attributes: [String: Any] {
        var attributes: [String: Any] = [
            kCIAttributeFilterName: definition.name, kCIAttributeFilterDisplayName: definition.displayName,
            kCIAttributeFilterCategories: definition.categories,
        ]
        for input in definition.inputs {
            var entry: [String: Any] = [kCIAttributeClass: input.className]
            if let value = input.defaultValue?.value { entry[kCIAttributeDefault] = value }
            if let range = input.range {
                entry[kCIAttributeSliderMin] = range.lowerBound
                entry[kCIAttributeSliderMax] = range.upperBound
            }
            attributes[input.key] = entry
        }
        return attributes
    }

    /// Sets the filter's inputs to their defaults (images to nil).
    open func setDefaults() {
        for input in definition.inputs { values[input.key] = input.defaultValue?.value }
    }

    /// Sets input `key` (nil clears it). A key the filter does not have is reported and ignored
    /// (iOS raises NSUnknownKeyException).
    open func setValue(_ value: Any?, forKey key: String) {
        guard definition.inputs.contains(where: { $0.key == key }) else {
            ImageReport.failed(
                operation: "filter", api: "CIFilter.setValue(_:forKey:)",
                reason: "\(definition.name) has no input \(key) (its inputs: \(inputKeys.joined(separator: ", ")))")
            return
        }
        values[key] = value
    }

    /// Input `key`'s value, `outputImage` for `kCIOutputImageKey`, or nil.
    open func value(forKey key: String) -> Any? {
        switch key {
        case kCIOutputImageKey: outputImage
        case "name": name
        case "attributes": attributes
        case "inputKeys": inputKeys
        case "outputKeys": outputKeys
        default: values[key]
        }
    }

    /// The filter's result for its current inputs, a new recipe; nil when an input image it needs is not set.
    open var outputImage: CIImage? {
        definition.make(FilterArguments(values: values))
    }

    /// The names of the built-in filters in `category` (all of them for nil).
    open class func filterNames(inCategory category: String?) -> [String] {
        filterNames(inCategories: category.map { [$0] })
    }

    /// The names of the built-in filters in every one of `categories` (all of them for nil).
    open class func filterNames(inCategories categories: [String]?) -> [String] {
        FilterDefinition.builtIn.values.filter { definition in
            (categories ?? []).allSatisfy { definition.categories.contains($0) }
        }.map(\.name).sorted()
    }

    /// The filter's name and inputs.
    open override var description: String { "<CIFilter \(name) \(values.keys.sorted())>" }
}

/// A filter's input values, read by type.
struct FilterArguments {
    let values: [String: Any]

    /// The image at `key`, if one is set.
    func image(_ key: String) -> CIImage? { values[key] as? CIImage }

    /// The colour at `key`, if one is set.
    func color(_ key: String) -> CIColor? { values[key] as? CIColor }

    /// The number at `key` (any of Swift's number types or an NSNumber), else `otherwise`.
    func number(_ key: String, _ otherwise: Double) -> Double {
        switch values[key] {
        case let value as Double: value
        case let value as CGFloat: Double(value)
        case let value as Float: Double(value)
        case let value as Int: Double(value)
        case let value as NSNumber: value.doubleValue
        default: otherwise
        }
    }
}
