/// The keys APNs and iOS read inside `aps` and inside `aps.alert`; anything else there is
/// custom data in the wrong place.
enum APNsKeys {
    /// The top-level key of `.apns` files that names the app; not part of the payload.
    static let simulatorTargetBundle = "Simulator Target Bundle"

    static let aps: Set<String> = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
        "target-content-id", "interruption-level", "relevance-score", "filter-criteria",
        // Live Activities, Safari and push-to-talk keys: valid, but not used by service extensions.
        "stale-date", "content-state", "timestamp", "event", "dismissal-date", "attributes-type",
        "attributes", "url-args", "input-push-channel", "input-push-token",
    ]

    static let alert: Set<String> = [
        "title", "subtitle", "body", "launch-image",
        "title-loc-key", "title-loc-args", "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args",
        "action-loc-key", "summary-arg", "summary-arg-count",
    ]
}
