/// A report field that is always there, `null` when it has no value (`"notInvokedReason":
/// null`), where a plain `Optional` property leaves the key out.
///
/// Encoding writes `null` for nil; decoding requires the key and accepts `null`. As an
/// `Optional<Nullable<T>>` property the key may also be absent (present only when the
/// extension ran, and then possibly `null`); ``KeyedDecodingContainer/decodeIfPresent(_:forKey:)``
/// keeps such a `null` instead of reading it as an absent key.
@propertyWrapper
package struct Nullable<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
