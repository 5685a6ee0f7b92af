import SystemConfiguration
import UserNotifications

/// Checks for a network before downloading the push's media, as many extensions do with
/// SCNetworkReachability: the classic "connected to any network" check, then the media host.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let host = request.content.userInfo["media-host"] as? String ?? "localhost"
        let anyNetwork = isConnectedToNetwork()
        var flags = SCNetworkReachabilityFlags()
        if let reachability = SCNetworkReachabilityCreateWithName(kCFAllocatorDefault, host) {
            SCNetworkReachabilityGetFlags(reachability, &flags)
        }
        if flags.contains(.reachable) {
            content.subtitle = "online: \(host)" + (flags.contains(.isLocalAddress) ? " (local)" : "")
        } else {
            content.subtitle = anyNetwork ? "host unreachable" : "offline"
        }
        contentHandler(content)
    }

    private func isConnectedToNetwork() -> Bool {
        var zeroAddress = sockaddr_in()
        zeroAddress.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        zeroAddress.sin_family = sa_family_t(AF_INET)
        guard let defaultRouteReachability = withUnsafePointer(to: &zeroAddress, {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SCNetworkReachabilityCreateWithAddress(nil, $0) }
        }) else {
            return false
        }
        var flags: SCNetworkReachabilityFlags = []
        if !SCNetworkReachabilityGetFlags(defaultRouteReachability, &flags) {
            return false
        }
        return flags.contains(.reachable) && !flags.contains(.connectionRequired)
    }
}
