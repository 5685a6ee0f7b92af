import Foundation
import NSESimRuntime

/// The device: an iPhone on iOS 18, what extensions read for logs and headers.
open class UIDevice: NSObject, @unchecked Sendable {
    /// The device.
    public class var current: UIDevice { shared }
    private static let shared = UIDevice()

    open var name: String { "iPhone" }
    open var model: String { "iPhone" }
    open var localizedModel: String { "iPhone" }
    open var systemName: String { "iOS" }
    open var systemVersion: String { "18.0" }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    open var orientation: Orientation { .portrait }
    open var isBatteryMonitoringEnabled: Bool = false
    /// -1: battery monitoring is off.
    open var batteryLevel: Float { -1 }
    open var batteryState: BatteryState { .unknown }

    /// The same for every extension and app of one vendor on one device: here derived from the
    /// app's bundle identifier, so it stays the same across runs.
    open var identifierForVendor: UUID? {
        let vendor = NSESimEnvironment.bundleIdentifier.value() ?? "com.example.app"
        var bytes = [UInt8](repeating: 0, count: 16)
        var hash: UInt64 = 0xcbf29ce484222325
        for (index, byte) in Array(vendor.split(separator: ".").prefix(2).joined(separator: ".").utf8).enumerated() {
            hash = (hash ^ UInt64(byte)) &* 0x100000001b3
            bytes[index % 16] ^= UInt8(truncatingIfNeeded: hash >> 24)
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    public enum Orientation: Int, Sendable {
        case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
    }

    public enum BatteryState: Int, Sendable {
        case unknown, unplugged, charging, full
    }
}

/// The kind of device.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
}
