import NSESimRuntime

/// An `Encoder` that builds a ``JSONValue`` directly, keeping what text would blur: a
/// `Double` stays `.double` (`3.0` is not read back as the integer 3), an `Int64`
/// `.integer`. The report's ``NotificationReport`` becomes its `jsonValue` through it.
package enum JSONValueEncoder {
    /// The JSON form of `value`; an empty object when it encodes nothing.
    package static func encode(_ value: some Encodable) throws -> JSONValue {
        let node = Node()
        try value.encode(to: NodeEncoder(node: node, codingPath: []))
        return node.value
    }

    /// One value being built; containers write into it, nested ones into their children.
    final class Node {
        enum Kind { case empty, single(JSONValue), object([String: Node]), array([Node]) }
        var kind: Kind = .empty

        var value: JSONValue {
            switch kind {
            case .empty: .object([:])
            case .single(let value): value
            case .object(let members): .object(members.mapValues(\.value))
            case .array(let items): .array(items.map(\.value))
            }
        }

        func member(_ key: String) -> Node {
            var members: [String: Node] = [:]
            if case .object(let existing) = kind { members = existing }
            let child = Node()
            members[key] = child
            kind = .object(members)
            return child
        }

        func appended() -> Node {
            var items: [Node] = []
            if case .array(let existing) = kind { items = existing }
            let child = Node()
            items.append(child)
            kind = .array(items)
            return child
        }

        var count: Int { if case .array(let items) = kind { items.count } else { 0 } }
    }

    struct NodeEncoder: Encoder {
        let node: Node
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = node.kind {} else { node.kind = .object([:]) }
            return KeyedEncodingContainer(Keyed(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = node.kind {} else { node.kind = .array([]) }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.kind = .single(.null) }
        mutating func encode(_ value: Bool) throws { node.kind = .single(.bool(value)) }
        mutating func encode(_ value: String) throws { node.kind = .single(.string(value)) }
        mutating func encode(_ value: Double) throws { node.kind = .single(.double(value)) }
        mutating func encode(_ value: Float) throws { node.kind = .single(.double(Double(value))) }
        mutating func encode(_ value: Int) throws { node.kind = .single(.integer(Int64(value))) }
        mutating func encode(_ value: Int8) throws { node.kind = .single(.integer(Int64(value))) }
        mutating func encode(_ value: Int16) throws { node.kind = .single(.integer(Int64(value))) }
        mutating func encode(_ value: Int32) throws { node.kind = .single(.integer(Int64(value))) }
        mutating func encode(_ value: Int64) throws { node.kind = .single(.integer(value)) }
        mutating func encode(_ value: UInt) throws { node.kind = .single(.integer(Int64(clamping: value))) }
        mutating func encode(_ value: UInt8) throws { node.kind = .single(.integer(Int64(value))) }
        mutating func encode(_ value: UInt16) throws { node.kind = .single(.integer(Int64(value))) }
        mutating func encode(_ value: UInt32) throws { node.kind = .single(.integer(Int64(value))) }
        mutating func encode(_ value: UInt64) throws { node.kind = .single(.integer(Int64(clamping: value))) }
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: NodeEncoder(node: node, codingPath: codingPath)) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey]

        private func single(_ key: Key) -> Single { Single(node: node.member(key.stringValue), codingPath: codingPath + [key]) }

        mutating func encodeNil(forKey key: Key) throws {
            var item = single(key)
            try item.encodeNil()
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: Int8, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: Int16, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: Int32, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: Int64, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: UInt, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: UInt8, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: UInt16, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: UInt32, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode(_ value: UInt64, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            var item = single(key)
            try item.encode(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type,
            forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.member("super"), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]
        var count: Int { node.count }

        private func single() -> Single { Single(node: node.appended(), codingPath: codingPath) }

        mutating func encodeNil() throws {
            var item = single()
            try item.encodeNil()
        }
        mutating func encode(_ value: Bool) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: String) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: Double) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: Float) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: Int) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: Int8) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: Int16) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: Int32) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: Int64) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: UInt) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: UInt8) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: UInt16) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: UInt32) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode(_ value: UInt64) throws {
            var item = single()
            try item.encode(value)
        }
        mutating func encode<T: Encodable>(_ value: T) throws {
            var item = single()
            try item.encode(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: node.appended(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.appended(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appended(), codingPath: codingPath) }
    }
}
