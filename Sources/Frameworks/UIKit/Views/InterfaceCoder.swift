import Foundation

/// The coder nsesim's interface builder gives `init(coder:)` of a storyboard's custom views and
/// view controllers: it holds nothing (every decode is empty), since the storyboard's attributes
/// are applied to the object after it is made.
final class InterfaceCoder: NSCoder {
    override var allowsKeyedCoding: Bool { true }
    override func containsValue(forKey key: String) -> Bool { false }
    override func decodeObject(forKey key: String) -> Any? { nil }
    override func decodeBool(forKey key: String) -> Bool { false }
    override func decodeInteger(forKey key: String) -> Int { 0 }
    override func decodeInt32(forKey key: String) -> Int32 { 0 }
    override func decodeInt64(forKey key: String) -> Int64 { 0 }
    override func decodeFloat(forKey key: String) -> Float { 0 }
    override func decodeDouble(forKey key: String) -> Double { 0 }
    override func decodeValue(ofObjCType type: UnsafePointer<Int8>, at data: UnsafeMutableRawPointer) {}
    override func decodeData() -> Data? { nil }
    override func encode(_ object: Any?, forKey key: String) {}
}
