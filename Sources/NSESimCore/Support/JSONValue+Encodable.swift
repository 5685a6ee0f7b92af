import Foundation
import NSESimRuntime

extension JSONValue {
    /// The JSON form of an `Encodable` value (``JSONValueEncoder``): `Double`s stay
    /// `.double`, integers `.integer`, `nil` written as `null` stays `.null`. Encoding the
    /// report's types cannot fail (their values are strings, numbers, booleans and
    /// `JSONValue`s); should a type throw, the value is `null`.
    package init(encoding value: some Encodable) {
        self = (try? JSONValueEncoder.encode(value)) ?? .null
    }

    /// A `Decodable` value read from this JSON.
    package func decoded<Value: Decodable>(as type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: serialized())
    }
}
