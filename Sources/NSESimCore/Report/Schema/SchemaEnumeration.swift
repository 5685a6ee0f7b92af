import NSESimHost
import NSESimPayload
import NSESimRuntime

/// A type the report holds as one of a fixed set of strings (``Outcome``,
/// ``TimelineEvent/Kind``, ``PushType``): its schema is `{"enum": [...]}`. String enums
/// that are `CaseIterable` get both requirements for free.
package protocol SchemaEnumeration: Decodable {
    /// Every value, in order.
    static var schemaValues: [String] { get }
    /// Any one case: what the schema walk hands the decoding type in its place.
    static var schemaPlaceholder: Self { get }
}

extension SchemaEnumeration where Self: CaseIterable & RawRepresentable, RawValue == String {
    package static var schemaValues: [String] { allCases.map(\.rawValue) }
    package static var schemaPlaceholder: Self { allCases[allCases.startIndex] }
}

extension Outcome: SchemaEnumeration {}
extension TimelineEvent.Kind: SchemaEnumeration {}
extension PushType: SchemaEnumeration {}
extension LockState: SchemaEnumeration {}
extension HangMoment: SchemaEnumeration {}
