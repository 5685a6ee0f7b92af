import SystemConfiguration
import UserNotifications

/// A Reachability helper as apps write it (after the widely copied Reachability.swift), and a
/// service extension that downloads only when the media host is reachable (the
/// SystemConfiguration sample of this target: Swift 5 mode, Apple's names only).
final class NetworkReachability {
    private let reachabilityRef: SCNetworkReachability
    var whenChanged: ((SCNetworkReachabilityFlags) -> Void)?

    init?(hostname: String) {
        guard let ref = SCNetworkReachabilityCreateWithName(nil, hostname) else { return nil }
        reachabilityRef = ref
    }

    init?() {
        var zeroAddress = sockaddr()
        zeroAddress.sa_len = UInt8(MemoryLayout<sockaddr>.size)
        zeroAddress.sa_family = sa_family_t(AF_INET)
        guard let ref = SCNetworkReachabilityCreateWithAddress(kCFAllocatorDefault, &zeroAddress) else { return nil }
        reachabilityRef = ref
    }

    var flags: SCNetworkReachabilityFlags {
        var flags = SCNetworkReachabilityFlags()
        return SCNetworkReachabilityGetFlags(reachabilityRef, &flags) ? flags : []
    }

    var isReachable: Bool {
        let flags = self.flags
        guard flags.contains(.reachable) else { return false }
        if flags.contains(.connectionRequired) {
            return (flags.contains(.connectionOnTraffic) || flags.contains(.connectionOnDemand)) && !flags.contains(.interventionRequired)
        }
        return true
    }

    var isReachableViaWiFi: Bool { isReachable && !flags.contains(.isWWAN) }

    func startNotifier() -> Bool {
        let callback: SCNetworkReachabilityCallBack = { _, flags, info in
            guard let info = info else { return }
            let reachability = Unmanaged<NetworkReachability>.fromOpaque(info).takeUnretainedValue()
            reachability.whenChanged?(flags)
        }
        var context = SCNetworkReachabilityContext(version: 0, info: nil, retain: nil, release: nil, copyDescription: nil)
        context.info = UnsafeMutableRawPointer(Unmanaged<NetworkReachability>.passUnretained(self).toOpaque())
        guard SCNetworkReachabilitySetCallback(reachabilityRef, callback, &context) else { return false }
        return SCNetworkReachabilitySetDispatchQueue(reachabilityRef, DispatchQueue(label: "reachability"))
    }

    func stopNotifier() {
        SCNetworkReachabilitySetCallback(reachabilityRef, nil, nil)
        SCNetworkReachabilitySetDispatchQueue(reachabilityRef, nil)
    }
}

class ReachabilityNotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let host = request.content.userInfo["media-host"] as? String ?? "localhost"
        guard let network = NetworkReachability(), network.isReachable,
            let media = NetworkReachability(hostname: host), media.isReachableViaWiFi
        else {
            content.subtitle = "offline"
            contentHandler(content)
            return
        }
        content.subtitle = media.flags.contains(.isLocalAddress) ? "local" : "online"
        contentHandler(content)
    }
}
