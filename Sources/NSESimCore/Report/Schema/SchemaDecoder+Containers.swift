extension SchemaDecoder {
    /// An object's keys: every `decode` is recorded with the shape of its type.
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let recorder: Recorder
        var codingPath: [any CodingKey]
        var allKeys: [Key] { [] }

        /// Asked before a key that may be absent (`decodeIfPresent`): the key is optional.
        func contains(_ key: Key) -> Bool {
            recorder.optionalKeys.insert(key.stringValue)
            return true
        }

        /// The value is decoded next; its shape says whether it may be `null`.
        func decodeNil(forKey key: Key) throws -> Bool { false }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try record(type, forKey: key) }

        private func record<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let (value, shape) = try SchemaDecoder.placeholder(type)
            if let index = recorder.properties.firstIndex(where: { $0.key == key.stringValue }) {
                recorder.properties[index].shape = shape
            } else {
                recorder.properties.append((key.stringValue, shape))
            }
            return value
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            recorder.optionalKeys.insert(key.stringValue)
            return try decode(type, forKey: key)
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try record(type, forKey: key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try record(type, forKey: key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try record(type, forKey: key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try record(type, forKey: key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try record(type, forKey: key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try record(type, forKey: key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try record(type, forKey: key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw SchemaDecoder.unsupported(type) }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            throw SchemaError(type: "\(Key.self)", reason: "a nested container under \(key.stringValue)")
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw SchemaError(type: "\(Key.self)", reason: "a nested container under \(key.stringValue)")
        }
        func superDecoder() throws -> any Decoder { throw SchemaError(type: "\(Key.self)", reason: "a super decoder") }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw SchemaError(type: "\(Key.self)", reason: "a super decoder") }
    }

    /// An array: its one item shape, from the first (and only) item handed out.
    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let recorder: Recorder
        var codingPath: [any CodingKey]
        var count: Int? { nil }
        var isAtEnd: Bool { currentIndex > 0 }
        var currentIndex = 0

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try record(type) }

        private mutating func record<T: Decodable>(_ type: T.Type) throws -> T {
            let (value, shape) = try SchemaDecoder.placeholder(type)
            recorder.value = shape
            currentIndex += 1
            return value
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try record(type) }
        mutating func decode(_ type: String.Type) throws -> String { try record(type) }
        mutating func decode(_ type: Double.Type) throws -> Double { try record(type) }
        mutating func decode(_ type: Float.Type) throws -> Float { try record(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try record(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try record(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try record(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { throw SchemaDecoder.unsupported(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { throw SchemaDecoder.unsupported(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { throw SchemaDecoder.unsupported(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { throw SchemaDecoder.unsupported(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { throw SchemaDecoder.unsupported(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { throw SchemaDecoder.unsupported(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { throw SchemaDecoder.unsupported(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            throw SchemaError(type: "array", reason: "a nested container")
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw SchemaError(type: "array", reason: "a nested container")
        }
        mutating func superDecoder() throws -> any Decoder { throw SchemaError(type: "array", reason: "a super decoder") }
    }

    /// One value: `decodeNil` first means it may be `null`.
    struct SingleContainer: SingleValueDecodingContainer {
        let recorder: Recorder
        var codingPath: [any CodingKey]

        func decodeNil() -> Bool {
            recorder.nullable = true
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try record(type) }

        private func record<T: Decodable>(_ type: T.Type) throws -> T {
            let (value, shape) = try SchemaDecoder.placeholder(type)
            recorder.value = shape
            return value
        }

        func decode(_ type: Bool.Type) throws -> Bool { try record(type) }
        func decode(_ type: String.Type) throws -> String { try record(type) }
        func decode(_ type: Double.Type) throws -> Double { try record(type) }
        func decode(_ type: Float.Type) throws -> Float { try record(type) }
        func decode(_ type: Int.Type) throws -> Int { try record(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try record(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try record(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: UInt.Type) throws -> UInt { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { throw SchemaDecoder.unsupported(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { throw SchemaDecoder.unsupported(type) }
    }

    static func unsupported(_ type: Any.Type) -> SchemaError {
        SchemaError(type: "\(type)", reason: "only Int, Int32 and Int64 integers are modelled")
    }
}
