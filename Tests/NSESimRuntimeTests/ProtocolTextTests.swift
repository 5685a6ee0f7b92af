import Foundation
import NSESimPayload
import NSESimRuntime
import Testing

/// The protocol's JSON text without JSONEncoder and JSONDecoder gives what they give: the
/// writer the bytes of `serialized()`, the reader the value of `parse(_:)` or nil.
@Suite("Protocol text")
struct ProtocolTextTests {
    /// Strings that exercise every escaping rule.
    static let strings = [
        "", "plain", "a/b", "quote \" and backslash \\", "\n\r\t\u{8}\u{C}", "\u{0}\u{1}\u{1F}\u{7F}",
        "line\u{2028}separator\u{2029}", "é ü ß", "😀 emoji 🇫🇷", "{\"json\": [1, 2]}", "\\u0041", "tab\there",
    ]

    /// Values of every kind, nested.
    static var values: [JSONValue] {
        let scalars: [JSONValue] =
            [
                .null, .bool(true), .bool(false), .integer(0), .integer(-1), .integer(42), .integer(Int64.max), .integer(Int64.min),
                .double(0), .double(-0.0), .double(1.5), .double(0.1), .double(1e20), .double(1e21), .double(1e-7), .double(100),
                .double(123_456_789_012_345_678), .double(1e16), .double(-2.5e-5), .double(.greatestFiniteMagnitude),
            ] + strings.map(JSONValue.string)
        let object = JSONValue.object(
            Dictionary(uniqueKeysWithValues: strings.enumerated().map { ("\($0.element)k\($0.offset)", scalars[$0.offset]) }))
        let keys = JSONValue.object([
            "b": .integer(1), "B": .integer(2), "a10": .integer(3), "a9": .integer(4), "_x": .null,
            "Z": .bool(true), "a": .string("x"), "": .array([]),
        ])
        return scalars + [
            object, keys, .array(scalars), .array([object, .array([keys, .object([:])])]),
            .object(["content": object, "nested": .object(["deeper": .array([keys])])]),
        ]
    }

    static func encoded(_ value: JSONValue) -> [UInt8] { [UInt8](value.serialized()) }

    @Test("The writer gives the bytes serialized() gives, for every kind of value")
    func writerMatchesJSONEncoder() throws {
        for value in Self.values {
            #expect(try #require(value.protocolText()) == Self.encoded(value), "\(value)")
        }
    }

    @Test("The writer leaves a non-finite double to serialized()")
    func nonFinite() {
        #expect(JSONValue.double(.infinity).protocolText() == nil)
        #expect(JSONValue.array([.integer(1), .double(.nan)]).protocolText() == nil)
    }

    @Test("The reader gives parse(_:)'s value for what JSONEncoder writes, or leaves it")
    func readerMatchesJSONDecoder() throws {
        for value in Self.values {
            let text = Self.encoded(value)
            let expected = try JSONValue.parse(Data(text))
            if let read = JSONValue.parseProtocolText(text) {
                #expect(read == expected, "\(String(decoding: text, as: UTF8.self))")
            } else {
                // Only numbers with a fraction or an exponent are left to JSONDecoder here.
                #expect(text.contains(UInt8(ascii: ".")) || text.contains(UInt8(ascii: "e")), "\(String(decoding: text, as: UTF8.self))")
            }
        }
    }

    @Test("The reader reads whitespace, every escape and surrogate pairs as JSONDecoder does")
    func readerEscapes() throws {
        let texts = [
            #" { "a" : [ 1 , -2 , true , false , null ] , "b" : { } , "c" : [ ] } "#,
            #"{"s":"\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00\u2028"}"#,
            #"{"zero":"\u0000","ctl":"\u001f"}"#,
            "{\"raw\":\"é€😀\u{2028}\"}",
            #"[0,-0,9223372036854775807,-9223372036854775808]"#,
            #""just a string""#, "true", "null", "12",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let read = try #require(JSONValue.parseProtocolText(bytes), "\(text)")
            #expect(read == (try JSONValue.parse(Data(bytes))), "\(text)")
        }
    }

    @Test("The reader leaves to JSONDecoder what it is not sure of, and what is not JSON")
    func readerLeaves() {
        let texts = [
            "1.0", "1e2", "-0.5", "9223372036854775808", "-9223372036854775809", "01", "-", "+1", ".5",
            #"{"a":1,"a":2}"#, #"{"a":1"#, #"{"a" 1}"#, #"{a:1}"#, "[1,]", "[1 2]", "{\"a\":1}x", "", "   ",
            #""\u12""#, #""\x""#, #""\ud83d""#, #""\ude00""#, #""\ud83d\u0041""#, "\"tab\there\"", "\"open",
            "tru", "nul", "True", String(repeating: "[", count: 101) + String(repeating: "]", count: 101),
        ]
        for text in texts {
            #expect(JSONValue.parseProtocolText(Array(text.utf8)) == nil, "\(text)")
        }
        // Bytes that are not UTF-8.
        #expect(JSONValue.parseProtocolText([UInt8(ascii: "\""), 0xFF, 0xFE, UInt8(ascii: "\"")]) == nil)
    }

    @Test("Random values: the writer matches JSONEncoder and the reader JSONDecoder")
    func randomValues() throws {
        var generator = SplitMix64(seed: 27)
        for _ in 0..<300 {
            let value = Self.random(depth: 0, using: &generator)
            let text = Self.encoded(value)
            #expect(try #require(value.protocolText()) == text)
            let read = try #require(JSONValue.parseProtocolText(text))
            #expect(read == (try JSONValue.parse(Data(text))))
        }
    }

    /// A random value without doubles (the reader leaves those to JSONDecoder).
    static func random(depth: Int, using generator: inout SplitMix64) -> JSONValue {
        let alphabet = Array("aZ09 _-/\\\"\n\t\u{1}\u{7F}é€😀\u{2028}{}[]:,")
        func string() -> String {
            String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .integer(Int64.random(in: Int64.min...Int64.max, using: &generator))
        case 3: return .integer(Int64.random(in: -1000...1000, using: &generator))
        case 4: return .string(string())
        case 5: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in random(depth: depth + 1, using: &generator) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &generator) { members[string()] = random(depth: depth + 1, using: &generator) }
            return .object(members)
        }
    }
}
