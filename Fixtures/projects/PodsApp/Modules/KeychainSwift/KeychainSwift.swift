/// The part of the KeychainSwift pod the fixture's extension uses, given as Swift sources
/// (Modules/NAME/), as a team brings a pod nsesim does not stand in for.
public final class KeychainSwift {
    public init() {}

    public func get(_ key: String) -> String {
        key == "push-token" ? "from-modules" : ""
    }
}
