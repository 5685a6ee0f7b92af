/// A push metric Customer.io tracks: `delivered` is the one a service extension reports.
public enum Metric: String, Codable, Sendable {
    /// The push reached the device.
    case delivered
    /// The push was opened.
    case opened
    /// The push was converted.
    case converted
    /// The push was clicked.
    case clicked
}
