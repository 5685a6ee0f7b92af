/// The module a pod gives an extension when it is not the pod's name: the pod's podspec sets
/// `module_name` (`pod 'BackendlessSwift'` is `import Backendless`). `Pods/` is not in git, so
/// the podspecs are not at hand: known pods are listed (from their published podspecs), and a
/// pod the list lacks is tied to an import whose name its own begins with.
enum PodModuleNames {
    /// A pod (its root spec) → its podspec's `module_name`.
    static let known: [String: String] = [
        "BackendlessSwift": "Backendless",  // Backendless/Swift-SDK: s.module_name = "Backendless"
        "ReachabilitySwift": "Reachability",  // ashleymills/Reachability.swift 4.2 and later
        "Socket.IO-Client-Swift": "SocketIO",  // socketio/socket.io-client-swift 8.0 and later
        "lottie-ios": "Lottie",  // airbnb/lottie-ios 3 and later (Swift)
        "Mixpanel-swift": "Mixpanel",  // mixpanel/mixpanel-swift
    ]

    /// The module `pod` gives: its known `module_name`, else CocoaPods' default (the root
    /// spec's name as a C identifier).
    static func module(for pod: String) -> String {
        let root = pod.split(separator: "/").first.map(String.init) ?? pod
        return known[root] ?? PodStandIns.defaultModule(for: pod)
    }

    /// The module among `imports` that pod `name` (whose default module is not imported)
    /// most likely gives: one whose name, letters and digits only and in any case, begins
    /// the pod's (`Backendless` for `BackendlessSwift`, `SocketIO` for `Socket.IO-Client-Swift`),
    /// of at least four characters; nil when none or more than one does.
    static func importedModule(ofPod name: String, among imports: Set<String>) -> String? {
        let pod = normalized(name.split(separator: "/").first.map(String.init) ?? name)
        let candidates = imports.filter { module in
            let import_ = normalized(module)
            return import_.count >= 4 && import_ != pod && pod.hasPrefix(import_)
        }
        return candidates.count == 1 ? candidates.first : nil
    }

    private static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
