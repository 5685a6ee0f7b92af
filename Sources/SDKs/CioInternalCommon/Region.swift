/// The region of a Customer.io workspace: which data center the SDK would send to (nsesim
/// sends nothing; the report names the host).
public enum Region: String, Equatable, Sendable {
    /// The United States data center.
    case US
    /// The European Union data center.
    case EU
}

extension Region {
    /// The region named by `regionStr` ("us", "EU"), else the United States.
    public static func getRegion(from regionStr: String) -> Region {
        switch regionStr.uppercased() {
        case "EU": .EU
        default: .US
        }
    }
}
