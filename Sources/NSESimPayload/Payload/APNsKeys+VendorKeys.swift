extension APNsKeys {
    /// Keys a push SDK puts in `aps` although APNs defines none of that name, with what reads
    /// them: still custom data in the wrong place for iOS, but deliberate, so the lint says whose.
    static let vendorApsKeys: [String: String] = [
        "pw_badge": "Pushwoosh's badge change (+N, -N, N), which Pushwoosh's service extension reads from aps and iOS ignores"
    ]
}
