import Foundation
import NSESimRuntime

/// The SDK's options, set in `SentrySDK.start { options in … }`. Only what an extension sets
/// changes anything here: the DSN (parsed and validated), sampling, `beforeSend`,
/// `beforeBreadcrumb`, the release and environment the events carry, `debug` (Sentry's log
/// lines on standard error). The rest is kept and reported.
open class Options: NSObject, @unchecked Sendable {
    private var dsnString: String?
    /// The DSN parsed (nil when none is set or it is invalid).
    open private(set) var parsedDsn: SentryDsn?
    /// Why the DSN given last was refused, Sentry's error (nil when none was).
    private(set) var dsnError: NSError?

    /// Options with Sentry's defaults.
    public override init() { super.init() }

    /// The DSN. Setting an invalid one leaves it nil, as Sentry does ("Could not parse the DSN").
    open var dsn: String? {
        get { dsnString }
        set {
            guard let newValue else {
                dsnString = nil
                parsedDsn = nil
                return
            }
            do {
                parsedDsn = try SentryDsn(string: newValue)
                dsnString = newValue
                dsnError = nil
            } catch {
                dsnError = error as NSError
                parsedDsn = nil
                SentryState.debugLog(self, .error, "Could not parse the DSN: \((error as NSError).localizedDescription).")
            }
        }
    }

    /// Whether Sentry prints its own log lines.
    open var debug = false
    /// The least severe of Sentry's own log lines printed.
    open var diagnosticLevel: SentryLevel = .debug
    /// The environment events carry ("production" by default).
    open var environment = "production"
    /// The release events carry (on iOS the bundle's "ID@VERSION+BUILD" by default).
    open var releaseName: String? = Options.defaultRelease()
    /// The distribution events carry.
    open var dist: String?
    /// The share of events sent, 0 to 1 (1 by default).
    open var sampleRate: NSNumber? = 1
    /// The share of transactions sent, 0 to 1 (nil: no tracing).
    open var tracesSampleRate: NSNumber?
    /// Whether the SDK is on at all.
    open var enabled = true
    /// Called with each event before it is sent; nil drops it.
    open var beforeSend: ((Event) -> Event?)?
    /// Called with each breadcrumb before it is kept; nil drops it.
    open var beforeBreadcrumb: ((Breadcrumb) -> Breadcrumb?)?
    /// Called with each transaction before it is sent; nil drops it.
    open var beforeSendSpan: ((any Span) -> (any Span)?)?
    /// How many breadcrumbs the scope keeps (100 by default).
    open var maxBreadcrumbs: UInt = 100
    /// Whether messages carry the thread's stack.
    open var attachStacktrace = true
    /// Whether personal information (IP addresses, …) is sent.
    open var sendDefaultPii = false
    /// Whether sessions are tracked (the app's; an extension has none to speak of).
    open var enableAutoSessionTracking = true
    /// Whether crashes are caught (nsesim's report shows the extension's crash instead).
    open var enableCrashHandler = true
    /// Whether hangs of the app are reported.
    open var enableAppHangTracking = true
    /// Whether watchdog terminations are reported.
    open var enableWatchdogTerminationTracking = true
    /// Whether performance is traced automatically.
    open var enableAutoPerformanceTracing = true
    /// Whether HTTP requests are traced.
    open var enableNetworkTracking = true
    /// Whether failed HTTP requests are captured.
    open var enableCaptureFailedRequests = true
    /// Whether Objective-C methods are swizzled (none on Linux).
    open var enableSwizzling = true
    /// Whether automatic breadcrumbs are made.
    open var enableAutoBreadcrumbTracking = true
    /// Whether network breadcrumbs are made.
    open var enableNetworkBreadcrumbs = true
    /// Whether a screenshot is attached to error events (none in an extension).
    open var attachScreenshot = false
    /// Whether the view hierarchy is attached to error events.
    open var attachViewHierarchy = false
    /// Whether user interactions start transactions.
    open var enableUserInteractionTracing = true
    /// Whether view controllers' loads are traced.
    open var enableUIViewControllerTracing = true
    /// Whether Core Data fetches and saves are traced.
    open var enableCoreDataTracing = true
    /// Whether file reads and writes are traced.
    open var enableFileIOTracing = true
    /// Whether MetricKit's diagnostics are captured.
    open var enableMetricKit = false
    /// Whether pre-warmed app starts are traced.
    open var enablePreWarmedAppStartTracing = false
    /// Whether time to full display is traced.
    open var enableTimeToFullDisplayTracing = false
    /// Whether async stack traces are stitched (Swift concurrency).
    open var swiftAsyncStacktraces = false
    /// Whether client reports (dropped events' counts) are sent.
    open var sendClientReports = true
    /// How long the main thread must block to count as a hang, in seconds.
    open var appHangTimeoutInterval: TimeInterval = 2
    /// How long the app may be in the background before a new session starts, in milliseconds.
    open var sessionTrackingIntervalMillis: UInt = 30_000
    /// The largest attachment sent, in bytes.
    open var maxAttachmentSize: UInt = 20 * 1024 * 1024
    /// How many envelopes are kept on disk while offline.
    open var maxCacheItems: UInt = 30
    /// The share of sampled transactions profiled.
    open var profilesSampleRate: NSNumber?
    /// How long `flush` waits at most by default, in seconds.
    open var shutdownTimeInterval: TimeInterval = 2
    /// The scope the SDK starts with.
    open var initialScope: (Scope) -> Scope = { $0 }
    /// Hosts whose requests carry trace headers.
    open var tracePropagationTargets: [Any] = [".*"]
    /// The module prefixes that count as the app's own code in stacks.
    open var inAppIncludes: [String] = []

    /// Whether events can be sent: enabled with a valid DSN.
    var isEnabled: Bool { enabled && parsedDsn != nil }

    private static func defaultRelease() -> String? {
        let info = Bundle.main.infoDictionary ?? [:]
        guard let identifier = Bundle.main.bundleIdentifier ?? info["CFBundleIdentifier"] as? String else { return nil }
        let version = info["CFBundleShortVersionString"] as? String ?? ""
        let build = info["CFBundleVersion"] as? String ?? ""
        return "\(identifier)@\(version)+\(build)"
    }

    /// What the report says of these options.
    var reportFields: [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "environment": .string(environment),
            "debug": .bool(debug),
            "enabled": .bool(isEnabled),
            "sampleRate": sampleRate.map { .double($0.doubleValue) } ?? .null,
            "tracesSampleRate": tracesSampleRate.map { .double($0.doubleValue) } ?? .null,
            "release": releaseName.map(JSONValue.string) ?? .null,
        ]
        if let parsedDsn {
            fields["dsnHost"] = .string(parsedDsn.url.host ?? "")
            fields["projectId"] = .string(parsedDsn.projectID)
            fields["endpoint"] = .string(parsedDsn.getEnvelopeEndpoint().absoluteString)
        }
        if let dsnError {
            fields["error"] = .string("Could not parse the DSN: \(dsnError.localizedDescription)")
            fields["errorDomain"] = .string(dsnError.domain)
            fields["errorCode"] = .integer(Int64(dsnError.code))
        }
        return fields
    }
}
