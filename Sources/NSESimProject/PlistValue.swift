import Foundation

/// A value of an old-style (OpenStep) property list, as `project.pbxproj` is written: a
/// string, an array, a dictionary or data. Numbers are strings in that format.
package indirect enum PlistValue: Sendable, Equatable {
    case string(String)
    case array([PlistValue])
    case dictionary([String: PlistValue])
    case data([UInt8])

    /// The string, or nil for another kind of value.
    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The array, or nil for another kind of value.
    package var array: [PlistValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The dictionary, or nil for another kind of value.
    package var dictionary: [String: PlistValue]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }

    /// The value as Foundation's property-list objects (strings, arrays, dictionaries).
    package var foundationValue: Any {
        switch self {
        case .string(let text): text
        case .array(let items): items.map(\.foundationValue)
        case .dictionary(let entries): entries.mapValues(\.foundationValue)
        case .data(let bytes): bytes
        }
    }
}
