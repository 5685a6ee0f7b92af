/// How much the Customer.io SDK logs: `none`, `error` (its default), `info`, `debug`. nsesim's
/// report shows what the SDK did whatever the level.
public enum CioLogLevel: String, CaseIterable, Sendable {
    /// No logs.
    case none
    /// Errors only.
    case error
    /// Basic SDK information.
    case info
    /// Everything.
    case debug
}
