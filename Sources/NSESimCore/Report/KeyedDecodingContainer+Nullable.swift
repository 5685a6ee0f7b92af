extension KeyedDecodingContainer {
    /// An `Optional<Nullable<T>>` field: nil when the key is absent, `Nullable(nil)` when it
    /// holds `null` (the standard `decodeIfPresent` reads both as absent).
    package func decodeIfPresent<Value>(_ type: Nullable<Value>.Type, forKey key: Key) throws -> Nullable<Value>? {
        guard contains(key) else { return nil }
        return try decode(type, forKey: key)
    }
}
