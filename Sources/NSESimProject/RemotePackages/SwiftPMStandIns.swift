/// SwiftPM products nsesim stands in for whose name is not a module nsesim provides (the
/// build's framework table): the product's name → the stand-in modules that give what it
/// gives an extension (none: the product is one the vendor's package requires beside the
/// module that is stood in for).
enum SwiftPMStandIns {
    static let modules: [String: [String]] = [
        // customer.io: product MessagingPushAPN is module CioMessagingPushAPN (with CioInternalCommon).
        "MessagingPushAPN": ["CioMessagingPushAPN", "CioInternalCommon"],
        // Pushwoosh: its README makes these required beside PushwooshFramework, which stands in for all.
        "PushwooshCore": [],
        "PushwooshBridge": [],
        // CocoaLumberjack's Swift product (FrameworkTable's alias), and Sentry's dynamic product.
        "CocoaLumberjackSwift": ["CocoaLumberjack"],
        "Sentry-Dynamic": ["Sentry"],
    ]
}

extension ProjectResolver {
    /// Whether nsesim stands in for the package product `product`: a module it provides, or a
    /// product of ``SwiftPMStandIns``.
    func standsIn(for product: String) -> Bool {
        providedModules.contains(product) || SwiftPMStandIns.modules[product] != nil
    }
}
