/// The memory limit iOS puts on a notification service extension, as nsesim applies it by
/// default (`--memory-limit none` turns it off). docs/phone-state.md#the-memory-limit says how
/// the figure was calibrated.
///
/// iOS: jetsam kills the extension when its *physical footprint* (dirty and compressed
/// memory; the clean pages of the shared cache and of mapped binaries are not counted) goes
/// over 24 MiB (the limit is not documented by Apple; DTS and public reports give 24 MB,
/// jetsam's limits are in MiB). The footprint includes what the empty extension dirties
/// itself (the runtime, Foundation, UserNotifications' setup).
///
/// Linux: nsesim measures resident memory (`VmRSS`), and applies the limit to what the
/// extension adds above the empty extension's baseline at `ready` (about 24 MB on Linux,
/// mostly clean library pages iOS would not count). So the budget above the baseline is
/// iOS's 24 MiB less what an empty extension dirties: measured here as the empty extension's
/// anonymous resident memory (`RssAnon` at `ready`, the Linux counterpart of its footprint).
package enum MemoryLimit {
    /// iOS's limit on the whole extension's footprint: 24 MiB.
    package static let iOSFootprintBytes: Int64 = 24 * 1_048_576
    /// What an empty extension dirties before `didReceive` (its `RssAnon` at `ready`: 1.8 MB,
    /// measured on Linux x86_64 with Swift 6, rounded up to 2 MiB): counted by iOS inside the
    /// 24 MiB, already in nsesim's baseline.
    package static let emptyExtensionDirtyBytes: Int64 = 2 * 1_048_576
    /// The default limit above the baseline: 22 MiB.
    package static let defaultBytes: Int64 = iOSFootprintBytes - emptyExtensionDirtyBytes
}
