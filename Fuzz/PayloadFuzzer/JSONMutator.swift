import Foundation
import NSESimCore
import NSESimPayload
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// A structure-aware mutation for libFuzzer: reads the input as JSON and changes one thing
/// a byte mutation rarely gets right, writing the result back as valid JSON: a value
/// anywhere replaced by an edge value of any type (numbers beyond Int64, -0, 2^53 + 1,
/// format strings, combining marks, empty containers...), an APNs key added where iOS reads
/// it, a key removed. Inputs that are not JSON are left to libFuzzer's byte mutations.
enum JSONMutator {
    /// The top-level key of `.apns` files.
    static let simulatorTargetBundle = "Simulator Target Bundle"

    static func mutate(_ data: Data, random: inout SplitMix64) -> Data? {
        guard case .object(var root)? = try? JSONValue.parse(data) else { return nil }
        switch random.next() % 4 {
        case 0:
            // A known key, with an edge value, where iOS reads it.
            let (container, keys) = random.pick(Self.places)
            let key = random.pick(keys)
            root = inserting(key: key, value: edgeValue(&random), into: container, of: root)
        case 1:
            if Bool.random(using: &random) {
                root[simulatorTargetBundle] = Bool.random(using: &random) ? .string("com.example.app") : edgeValue(&random)
            } else if let key = root.keys.sorted().randomElement(using: &random) {
                root.removeValue(forKey: key)
            }
        default:
            // Any value in the tree replaced by an edge value.
            var value = JSONValue.object(root)
            var index = Int(random.next() % UInt64(value.nodeCount))
            value = value.replacingNode(at: &index, with: edgeValue(&random))
            guard case .object(let replaced) = value else { return nil }
            root = replaced
        }
        return JSONValue.object(root).serialized(pretty: random.next() % 4 == 0)
    }

    /// Where keys go: the aps dictionary, its alert and sound dictionaries, the top level.
    static let places: [(container: [String], keys: [String])] = [
        (
            ["aps"],
            [
                "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
                "target-content-id", "interruption-level", "relevance-score", "filter-criteria", "mutable_content",
                "custom",
            ]
        ),
        (
            ["aps", "alert"],
            [
                "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args",
                "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key",
                "summary-arg", "summary-arg-count", "custom",
            ]
        ),
        (["aps", "sound"], ["name", "critical", "volume"]),
        ([], ["aps", "custom", simulatorTargetBundle]),
    ]

    static let edgeNumbers: [JSONValue] = [
        .integer(0), .integer(1), .integer(-1), .integer(2), .integer(4096), .integer(5120),
        .integer(Int64.max), .integer(Int64.min), .integer((1 << 53) + 1),
        .double(0.5), .double(1.5), .double(-0.0), .double(1e19), .double(-1e19), .double(9.2e18), .double(-9.3e18),
        .double(1e308), .double(-1e308), .double(5e-324), .double(0.9999999999999999), .double(1.0000000000000002),
    ]

    static let edgeStrings: [String] = [
        "", "1", " 1 ", "true", "default", "critical", "time-sensitive", "timeSensitive", "passive", "urgent",
        "%@", "%1$@ %2$@", "%2$@", "%99$@", "%0$@", "%%", "%", "%l", "%lld", "%9999999999999999999$@",
        "\u{0}", "\u{1F}", "é", "e\u{301}", "\u{FEFF}", "\u{202E}", "😀", "👩🏽‍💻", "\u{10FFFF}",
        String(repeating: "a", count: 300), String(repeating: "%@", count: 50), "{{server}}", "aps",
    ]

    static func edgeValue(_ random: inout SplitMix64) -> JSONValue {
        switch random.next() % 8 {
        case 0, 1, 2: return random.pick(edgeNumbers)
        case 3, 4: return .string(random.pick(edgeStrings))
        case 5: return random.pick([.bool(true), .bool(false), .null])
        case 6: return random.pick([.array([]), .array([.string("a"), .string("%@")]), .array([.integer(1)]), .array([.null])])
        default: return random.pick([.object([:]), .object(["name": .string("x"), "critical": .integer(1), "volume": .double(2)])])
        }
    }

    /// `root` with `key` set to `value` in the dictionary at `path` (made a dictionary if it is not one).
    static func inserting(key: String, value: JSONValue, into path: [String], of root: [String: JSONValue]) -> [String: JSONValue] {
        guard let first = path.first else {
            var copy = root
            copy[key] = value
            return copy
        }
        var copy = root
        let inner = root[first]?.objectValue ?? [:]
        copy[first] = .object(inserting(key: key, value: value, into: Array(path.dropFirst()), of: inner))
        return copy
    }
}

extension JSONValue {
    /// The number of values in the tree, this one included.
    var nodeCount: Int {
        switch self {
        case .array(let items): 1 + items.reduce(0) { $0 + $1.nodeCount }
        case .object(let members): 1 + members.values.reduce(0) { $0 + $1.nodeCount }
        default: 1
        }
    }

    /// The tree with its `index`-th value (preorder, keys sorted) replaced by `value`.
    func replacingNode(at index: inout Int, with value: JSONValue) -> JSONValue {
        if index == 0 {
            index = -1
            return value
        }
        index -= 1
        switch self {
        case .array(let items):
            return .array(items.map { index >= 0 ? $0.replacingNode(at: &index, with: value) : $0 })
        case .object(let members):
            var copy = members
            for key in members.keys.sorted() where index >= 0 {
                copy[key] = members[key]!.replacingNode(at: &index, with: value)
            }
            return .object(copy)
        default:
            return self
        }
    }
}

extension SplitMix64 {
    /// A random element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}
