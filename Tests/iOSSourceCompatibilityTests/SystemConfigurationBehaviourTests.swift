import Foundation
import SystemConfiguration
import Testing
import UserNotifications

/// SCNetworkReachability answers from this machine's state.
@Suite struct SystemConfigurationBehaviourTests {
    @Test func loopbackIsReachableLocalAndDirect() throws {
        var address = sockaddr_in()
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let reachability = try #require(
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SCNetworkReachabilityCreateWithAddress(nil, $0) }
            })
        var flags = SCNetworkReachabilityFlags()
        #expect(SCNetworkReachabilityGetFlags(reachability, &flags))
        #expect(flags == [.reachable, .isLocalAddress, .isDirect])
        #expect(flags.rawValue == 0x0003_0002)
    }

    @Test func namesResolveOrAreNotReachable() throws {
        let localhost = try #require(NetworkReachability(hostname: "localhost"))
        #expect(localhost.flags.contains(.reachable) && localhost.flags.contains(.isLocalAddress))
        let nowhere = try #require(NetworkReachability(hostname: "no-such-host.invalid"))
        #expect(nowhere.flags == [] && !nowhere.isReachable)
        #expect(SCNetworkReachabilityCreateWithName(nil, "") == nil)
    }

    @Test func anyNetworkFollowsTheDefaultRoute() throws {
        let routes = try String(contentsOfFile: "/proc/net/route", encoding: .utf8)
        let hasDefault = routes.split(separator: "\n").contains { $0.split(separator: "\t").dropFirst().first == "00000000" }
        let network = try #require(NetworkReachability())
        #expect(network.isReachable == hasDefault)
        #expect(!network.flags.contains(.isWWAN) && network.startNotifier())
        network.stopNotifier()
    }

    @Test func extensionSaysLocal() async {
        let content = UNMutableNotificationContent()
        content.userInfo = ["media-host": "127.0.0.1"]
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            ReachabilityNotificationService().didReceive(UNNotificationRequest(identifier: "r", content: content, trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
        let routes = (try? String(contentsOfFile: "/proc/net/route", encoding: .utf8)) ?? ""
        let hasDefault = routes.split(separator: "\n").contains { $0.split(separator: "\t").dropFirst().first == "00000000" }
        #expect(delivered.subtitle == (hasDefault ? "local" : "offline"))
    }
}
