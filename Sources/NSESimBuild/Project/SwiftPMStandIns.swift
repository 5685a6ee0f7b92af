/// SwiftPM products nsesim stands in for whose name is not a module of `FrameworkTable`: the
/// product's name → the stand-in modules that give what it gives an extension (none: the
/// product is one the vendor's package requires beside the module that is stood in for).
enum SwiftPMStandIns {
    static let modules: [String: [String]] = [
        // customer.io: product MessagingPushAPN is module CioMessagingPushAPN (with CioInternalCommon).
        "MessagingPushAPN": ["CioMessagingPushAPN", "CioInternalCommon"],
        // Pushwoosh: its README makes these required beside PushwooshFramework, which stands in for all.
        "PushwooshCore": [],
        "PushwooshBridge": [],
    ]

    /// Whether nsesim stands in for `product`: a module of the table, or a product above.
    static func standsIn(for product: String) -> Bool {
        FrameworkTable.framework(named: product) != nil || modules[product] != nil
    }
}
