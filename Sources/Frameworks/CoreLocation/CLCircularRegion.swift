import Foundation
import NSESimCenter

/// A circle on the Earth's surface: a centre and a radius in metres.
open class CLCircularRegion: CLRegion, @unchecked Sendable {
    /// The centre.
    public let center: CLLocationCoordinate2D
    /// The radius in metres.
    public let radius: CLLocationDistance

    /// A region of `radius` metres around `center`.
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        self.center = center
        self.radius = radius
        super.init(identifier: identifier)
    }

    /// Whether the coordinate lies in the region (great-circle distance from the centre).
    open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        centerRegion.contains(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    /// The region in the center's form.
    var centerRegion: CenterRegion {
        CenterRegion(
            latitude: center.latitude, longitude: center.longitude, radius: radius, identifier: identifier,
            notifyOnEntry: notifyOnEntry, notifyOnExit: notifyOnExit)
    }

    open override var description: String {
        "CLCircularRegion (identifier:'\(identifier)', center:<\(center.latitude),\(center.longitude)>, radius:\(radius)m)"
    }
}
